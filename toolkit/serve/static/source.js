// The source view: a game file with line numbers, scrolled to the line the address names
// and marking its column (#L12 or #L12.5). Every text is set as text, never parsed as HTML.
"use strict";

const SOURCE_PREFIX = "/source/";

function sourcePath() {
  return decodeURIComponent(location.pathname.slice(SOURCE_PREFIX.length));
}

function wanted() {
  const match = /^#L(\d+)(?:\.(\d+))?/.exec(location.hash);
  return match ? { line: Number(match[1]), column: Number(match[2] || 0) } : { line: 0, column: 0 };
}

function show(text) {
  const pre = document.getElementById("source");
  pre.textContent = "";
  const lines = text.split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  lines.forEach((line, index) => {
    const row = document.createElement("span");
    row.className = "line";
    row.id = "L" + (index + 1);
    const number = document.createElement("span");
    number.className = "number";
    number.textContent = String(index + 1);
    const body = document.createElement("span");
    body.className = "text";
    body.textContent = line + "\n";
    row.append(number, body);
    pre.append(row);
  });
  highlight();
}

function highlight() {
  for (const old of document.querySelectorAll(".line.hit")) {
    old.classList.remove("hit");
    const body = old.querySelector(".text");
    body.textContent = body.textContent; // drops the column mark
  }
  const { line, column } = wanted();
  const row = document.getElementById("L" + line);
  if (!row) return;
  row.classList.add("hit");
  const body = row.querySelector(".text");
  const text = body.textContent;
  if (column >= 1 && column < text.length) {
    const mark = document.createElement("mark");
    mark.className = "column";
    mark.textContent = text.slice(column - 1, column);
    body.textContent = "";
    body.append(text.slice(0, column - 1), mark, text.slice(column));
  }
  row.scrollIntoView({ block: "center" });
}

async function main() {
  const path = sourcePath();
  document.getElementById("file").textContent = path;
  document.title = path;
  const encoded = path.split("/").map(encodeURIComponent).join("/");
  const response = await fetch("/raw/" + encoded, { cache: "no-store" });
  if (!response.ok) {
    document.getElementById("source").textContent = "This file cannot be shown.";
    return;
  }
  show(await response.text());
}

window.addEventListener("hashchange", highlight);
main();
