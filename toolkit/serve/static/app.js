// The preview page: shows what the last good build made, the last build's diagnostics above
// it, and reloads its contents whenever the server says a build finished. Every text from the
// sources is set with textContent or as an attribute value, never parsed as HTML.
"use strict";

const views = new Map(); // map id -> {scale, x, y}: kept across reloads
const hoverData = new Map(); // map id + build -> its hit-test index, once asked for
let shownBuild = 0;
let loading = null;

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) node.setAttribute(name, String(value));
  }
  for (const child of children) {
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

function outUrl(src) {
  const [path, query] = src.split("?");
  const encoded = path.split("/").map(encodeURIComponent).join("/");
  return "/out/" + encoded + (query ? "?" + query : "");
}

function sourceUrl(file, line, column) {
  return "/source/" + file.split("/").map(encodeURIComponent).join("/") + `#L${line}.${column}`;
}

// -- status and diagnostics ------------------------------------------------------------------

function showStatus(build) {
  const status = document.getElementById("status");
  status.className = "status " + (build ? (build.ok ? "ok" : "failed") : "");
  status.textContent = build ? `build ${build.number}: ${build.message}` : "waiting for the first build…";
  status.dataset.build = build ? String(build.number) : "0";
}

function showDiagnostics(diagnostics) {
  const section = document.getElementById("diagnostics");
  const list = document.getElementById("diagnostic-list");
  list.textContent = "";
  section.hidden = diagnostics.length === 0;
  for (const d of diagnostics) {
    const where = d.file ? `${d.file}:${d.line}:${d.column}` : "";
    const item = el("li", { class: "diagnostic " + d.severity });
    if (d.file) {
      item.append(el("a", { href: sourceUrl(d.file, d.line, d.column), class: "where" }, where));
    }
    item.append(el("span", { class: "severity" }, `${d.severity}[${d.code}]`));
    item.append(el("span", { class: "message" }, d.message));
    list.append(item);
  }
}

// -- maps: pan, zoom, hover ------------------------------------------------------------------

const BUCKET = 48; // points: the side of a hit-test grid cell

function hitIndex(places) {
  const buckets = new Map();
  places.forEach((place, index) => {
    const o = place.outline;
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (let i = 0; i < o.length; i += 2) {
      x0 = Math.min(x0, o[i]); x1 = Math.max(x1, o[i]);
      y0 = Math.min(y0, o[i + 1]); y1 = Math.max(y1, o[i + 1]);
    }
    for (let bx = Math.floor(x0 / BUCKET); bx <= Math.floor(x1 / BUCKET); bx++) {
      for (let by = Math.floor(y0 / BUCKET); by <= Math.floor(y1 / BUCKET); by++) {
        const key = bx + "," + by;
        if (!buckets.has(key)) buckets.set(key, []);
        buckets.get(key).push(index);
      }
    }
  });
  return { places, buckets };
}

function inside(outline, x, y) {
  let hit = false;
  for (let i = 0, j = outline.length - 2; i < outline.length; j = i, i += 2) {
    const xi = outline[i], yi = outline[i + 1], xj = outline[j], yj = outline[j + 1];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

function placeAt(index, x, y) {
  const key = Math.floor(x / BUCKET) + "," + Math.floor(y / BUCKET);
  for (const i of index.buckets.get(key) || []) {
    if (inside(index.places[i].outline, x, y)) return index.places[i]; // innermost first
  }
  return null;
}

function describe(place) {
  const lines = [];
  const title = place.name ? `${place.label} ${place.name}` : place.label;
  lines.push(title);
  lines.push(place.terrain ? `${place.kind}: ${place.terrain}` : place.kind);
  for (const f of place.features) lines.push("• " + f);
  for (const s of place.sides) lines.push("• " + s);
  for (const l of place.lines) lines.push("• " + l);
  if (place.adjacent.length) lines.push("next to " + place.adjacent.join(", "));
  return lines;
}

function showTip(place, clientX, clientY) {
  const tip = document.getElementById("tip");
  if (!place) {
    tip.hidden = true;
    tip.dataset.label = "";
    return;
  }
  tip.textContent = "";
  describe(place).forEach((line, i) => tip.append(el("div", { class: i ? "" : "tip-title" }, line)));
  tip.dataset.label = place.label;
  tip.hidden = false;
  tip.style.left = clientX + 14 + "px";
  tip.style.top = clientY + 14 + "px";
}

async function hoverIndex(mapId, build) {
  const key = mapId + "@" + build;
  if (!hoverData.has(key)) {
    hoverData.set(key, fetch(`/api/hover/${encodeURIComponent(mapId)}.json`, { cache: "no-store" })
      .then((r) => r.json())
      .then((data) => hitIndex(data.places)));
  }
  return hoverData.get(key);
}

function mapViewer(map, build) {
  const image = el("img", { src: outUrl(map.src), alt: map.name, class: "map-image", draggable: "false",
    width: map.width, height: map.height });
  const stage = el("div", { class: "stage" }, image);
  const viewport = el("div", { class: "viewport", "data-map": map.id, tabindex: "0" }, stage);
  const figure = el("figure", { class: "map" }, el("figcaption", {}, map.name), viewport);
  let view = views.get(map.id);
  const apply = () => { stage.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.scale})`; };
  requestAnimationFrame(() => {
    const tallest = window.innerHeight * 0.75;
    if (!view) { // the whole map at first, as large as fits
      const scale = Math.min(1.5, viewport.clientWidth / map.width, tallest / map.height);
      view = { scale, x: (viewport.clientWidth - map.width * scale) / 2, y: 0 };
      views.set(map.id, view);
    }
    viewport.style.height = Math.min(tallest, map.height * view.scale) + "px";
    apply();
  });
  let drag = null;
  viewport.addEventListener("wheel", (event) => {
    event.preventDefault();
    const box = viewport.getBoundingClientRect();
    const mx = event.clientX - box.left, my = event.clientY - box.top;
    const scale = Math.min(20, Math.max(0.05, view.scale * Math.exp(-event.deltaY * 0.0015)));
    view.x = mx - ((mx - view.x) * scale) / view.scale;
    view.y = my - ((my - view.y) * scale) / view.scale;
    view.scale = scale;
    apply();
  }, { passive: false });
  viewport.addEventListener("pointerdown", (event) => {
    drag = { x: event.clientX, y: event.clientY, vx: view.x, vy: view.y };
    viewport.setPointerCapture(event.pointerId);
    viewport.classList.add("dragging");
  });
  viewport.addEventListener("pointerup", () => { drag = null; viewport.classList.remove("dragging"); });
  viewport.addEventListener("pointerleave", () => showTip(null));
  viewport.addEventListener("pointermove", async (event) => {
    if (drag) {
      view.x = drag.vx + event.clientX - drag.x;
      view.y = drag.vy + event.clientY - drag.y;
      apply();
      showTip(null);
      return;
    }
    const box = viewport.getBoundingClientRect();
    const x = (event.clientX - box.left - view.x) / view.scale;
    const y = (event.clientY - box.top - view.y) / view.scale;
    const index = await hoverIndex(map.id, build);
    showTip(placeAt(index, x, y), event.clientX, event.clientY);
  });
  return figure;
}

// -- the other components --------------------------------------------------------------------

const FACE_SCALE = 1.5; // CSS pixels per point for counters

function counterSection(factions) {
  const section = el("section", { id: "counters" }, el("h2", {}, "Counters"));
  for (const faction of factions) {
    const swatch = el("span", { class: "swatch" });
    swatch.style.background = faction.color;
    const grid = el("div", { class: "counters" });
    for (const counter of faction.counters) {
      const faces = el("div", { class: "faces" });
      for (const face of counter.faces) {
        faces.append(el("img", { class: "face", src: outUrl(face.src), alt: `${counter.name} (${face.id})`,
          title: `${counter.id} ${face.id}: ${face.name}`, width: Math.round(face.width * FACE_SCALE),
          height: Math.round(face.height * FACE_SCALE), loading: "lazy", "data-counter": counter.id,
          "data-face": face.id }));
      }
      grid.append(el("figure", { class: "counter" }, faces, el("figcaption", {}, counter.name)));
    }
    section.append(el("h3", { class: "faction" }, swatch, faction.name), grid);
  }
  return section;
}

const CARD_SCALE = 0.8; // CSS pixels per point for cards

function cardSection(decks) {
  const section = el("section", { id: "cards" }, el("h2", {}, "Cards"));
  for (const deck of decks) {
    const swatch = el("span", { class: "swatch" });
    swatch.style.background = deck.color;
    const grid = el("div", { class: "counters" });
    for (const card of deck.cards) {
      const sides = el("div", { class: "faces" });
      for (const side of card.sides) {
        sides.append(el("img", { class: "card-side", src: outUrl(side.src), alt: `${card.name} (${side.id})`,
          title: `${card.id} ${side.id}`, width: Math.round(side.width * CARD_SCALE),
          height: Math.round(side.height * CARD_SCALE), loading: "lazy", "data-card": card.id,
          "data-side": side.id }));
      }
      const caption = card.copies > 1 ? `${card.name} ×${card.copies}` : card.name;
      grid.append(el("figure", { class: "counter card" }, sides, el("figcaption", {}, caption)));
    }
    section.append(el("h3", { class: "faction" }, swatch, deck.name), grid);
  }
  return section;
}

function chartSection(charts) {
  const section = el("section", { id: "charts" }, el("h2", {}, "Charts"));
  for (const chart of charts) {
    section.append(el("figure", { class: "chart" }, el("figcaption", {}, chart.name),
      el("img", { class: "chart-image", src: outUrl(chart.src), alt: chart.name, loading: "lazy",
        style: `width: min(100%, ${Math.round(chart.width * 1.4)}px)` })));
  }
  return section;
}

function setupSection(setups, build) {
  const section = el("section", { id: "setups" }, el("h2", {}, "Setups"));
  for (const setup of setups) {
    const holder = el("div", { class: "setup-maps" });
    section.append(el("h3", {}, setup.name), holder);
    fetch(`/api/setups/${encodeURIComponent(setup.id)}.json`, { cache: "no-store" })
      .then((r) => r.json())
      .then((excerpts) => {
        for (const excerpt of excerpts) {
          holder.append(el("figure", { class: "setup" }, el("figcaption", {}, excerpt.name),
            el("img", { class: "setup-map", src: `${excerpt.src}?b=${build}`, alt: `${setup.name}: ${excerpt.name}`,
              "data-setup": setup.id })));
        }
        holder.dataset.loaded = String(excerpts.length);
      });
  }
  return section;
}

function kitSection(kit) {
  const [, version] = kit.pdf.split("?");
  const section = el("section", { id: "kit" }, el("h2", {}, "Print-and-play kit"),
    el("p", {}, el("a", { href: outUrl(kit.pdf) }, "Open the kit as PDF"), ` (${kit.pages} pages)`));
  const pages = el("div", { class: "kit-pages" });
  for (let page = 1; kit.images && page <= kit.pages; page++) {
    pages.append(el("a", { href: outUrl(kit.pdf) + "#page=" + page },
      el("img", { class: "kit-page", src: `/api/kit/${page}.png?${version || ""}`, alt: `page ${page}`,
        loading: "lazy", width: 170, height: 220 })));
  }
  section.append(pages);
  return section;
}

function showContents(contents, build) {
  const main = document.getElementById("contents");
  main.style.minHeight = main.offsetHeight + "px"; // no jump while the new contents load
  main.textContent = "";
  hoverData.clear(); // the places of the builds shown before
  if (!contents) return;
  document.getElementById("title").textContent = contents.title;
  document.title = contents.title + " — preview";
  const maps = el("section", { id: "maps" }, el("h2", {}, "Maps"));
  for (const map of contents.maps) maps.append(mapViewer(map, build));
  main.append(maps, counterSection(contents.factions), cardSection(contents.decks || []),
    chartSection(contents.charts),
    setupSection(contents.setups, build), kitSection(contents.kit));
  requestAnimationFrame(() => { main.style.minHeight = ""; });
}

async function load() {
  const response = await fetch("/api/state", { cache: "no-store" });
  const state = await response.json();
  if (!state.build) return;
  showStatus(state.build);
  showDiagnostics(state.diagnostics);
  showContents(state.contents, state.build.number);
  shownBuild = state.build.number;
  document.body.dataset.build = String(shownBuild);
}

function reload() {
  loading = (loading || Promise.resolve()).then(load, load);
}

const events = new EventSource("/api/events");
events.addEventListener("building", () => {
  const status = document.getElementById("status");
  status.classList.add("building");
  status.textContent = "building…";
});
events.addEventListener("message", (event) => {
  if (Number(event.data) !== shownBuild) reload();
});
reload();
