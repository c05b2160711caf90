import java.awt.Component;
import java.awt.Container;
import java.awt.Dialog;
import java.awt.Dimension;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.Robot;
import java.awt.Toolkit;
import java.awt.Window;
import java.awt.event.InputEvent;
import java.awt.event.MouseEvent;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import javax.swing.AbstractButton;
import javax.swing.JComponent;
import javax.swing.JFrame;
import javax.swing.JMenu;
import javax.swing.JMenuBar;
import javax.swing.SwingUtilities;

import VASSAL.Info;
import VASSAL.build.GameModule;
import VASSAL.build.module.BasicLogger;
import VASSAL.build.module.Documentation;
import VASSAL.build.module.GameSetupStep;
import VASSAL.build.module.GameState;
import VASSAL.build.module.Map;
import VASSAL.build.module.PredefinedSetup;
import VASSAL.build.module.PrivateMap;
import VASSAL.build.module.documentation.HelpFile;
import VASSAL.build.module.map.BoardPicker;
import VASSAL.configure.Configurer;
import VASSAL.counters.GamePiece;
import VASSAL.i18n.Resources;
import VASSAL.launch.PlayerWindow;
import VASSAL.launch.StandardConfig;
import VASSAL.tools.DataArchive;
import VASSAL.tools.menu.MenuBarProxy;
import VASSAL.tools.menu.MenuManager;

/**
 * Opens a module in VASSAL's player window, starts a new game (its first setup), and shows
 * what a player finds beyond the game: the map's overview window, a flare and its chat line,
 * the rules summary from the Help menu, and the Help menu open. Then it saves the screen.
 *
 * Usage: VassalScreenshot MODULE.vmod OUT.png [MAP NAME]  (the main map when none is named)
 */
public final class VassalScreenshot {
  private static final String PLAYER = "Alice";

  public static void main(String[] args) throws Exception {
    final boolean everyMap = args.length > 0 && "--maps".equals(args[0]);
    if (everyMap) args = Arrays.copyOfRange(args, 1, args.length);
    if (args.length < 2) {
      System.err.println("usage: VassalScreenshot MODULE.vmod OUT.png [MAP NAME]");
      System.err.println("       VassalScreenshot --maps MODULE.vmod OUTDIR [SETUP NAME]");
      System.exit(2);
    }
    final File module = new File(args[0]);
    final File out = new File(args[1]);
    final String mapName = args.length > 2 ? args[2] : null;

    final Path conf = Files.createTempDirectory("vassal-screenshot-conf");
    System.setProperty("VASSAL.conf", conf.toString());
    System.setProperty("CONF_DIR", conf.toString());
    Info.setConfig(new StandardConfig());
    // VASSAL speaks the language its preferences name, English when none is stored (as in this
    // fresh configuration): the JVM's language (the script's LOCALE) is named here instead.
    Resources.setLocale(Locale.getDefault());
    new MenuManager() {   // the player window's menu bar, as VASSAL's Player sets it up
      private final MenuBarProxy menuBar = new MenuBarProxy();

      @Override
      public JMenuBar getMenuBarFor(JFrame fc) {
        return fc instanceof PlayerWindow ? menuBar.createPeer() : null;
      }

      @Override
      public MenuBarProxy getMenuBarProxyFor(JFrame fc) {
        return fc instanceof PlayerWindow ? menuBar : null;
      }
    };
    closeDialogsFromNowOn();

    final Dimension screen = Toolkit.getDefaultToolkit().getScreenSize();
    SwingUtilities.invokeAndWait(() -> {
      try {
        GameModule.init(new GameModule(new DataArchive(module.getPath())));
      }
      catch (Exception e) {
        throw new IllegalStateException(e);
      }
      final GameModule m = GameModule.getGameModule();
      m.getPrefs().setValue(GameModule.REAL_NAME, PLAYER);
      for (String pref : List.of(BasicLogger.PROMPT_NEW_LOG_START, BasicLogger.PROMPT_NEW_LOG_END)) {
        final Configurer c = m.getPrefs().getOption(pref);
        if (c != null) c.setValue(Boolean.FALSE);
      }
      m.getPlayerWindow().setBounds(0, 0, screen.width, screen.height);
      m.getPlayerWindow().setVisible(true);
      newGame(m);
    });
    settle(1500);
    if (everyMap) {
      if (mapName != null) openSetup(GameModule.getGameModule(), mapName);
      shootEveryMap(out, screen);
      System.exit(0);
    }

    final GameModule m = GameModule.getGameModule();
    final Map map = findMap(mapName);
    SwingUtilities.invokeAndWait(() -> {
      if (map.getLaunchButton().isShowing()) map.getLaunchButton().doClick();   // a map in its own window
      final Window window = SwingUtilities.getWindowAncestor(map.getView());
      if (window != m.getPlayerWindow()) window.setBounds(0, 0, screen.width, screen.height);
      map.centerAt(piecesCentre(map));
    });
    settle(800);
    SwingUtilities.invokeAndWait(() -> click(SwingUtilities.getWindowAncestor(map.getView()), "Overview"));
    settle(Long.getLong("screenshot.wait", 8) * 1000);   // big boards are drawn as their images load
    SwingUtilities.invokeAndWait(() -> {
      final HelpFile summary = m.getComponentsOf(Documentation.class).get(0)
        .getComponentsOf(HelpFile.class).get(0);
      summary.showWindow();
      for (Window w : Window.getWindows()) {
        if (w instanceof JFrame && w.isShowing() && summary.getConfigureName().equals(((JFrame) w).getTitle())) {
          w.setBounds(screen.width - 560, 110, 540, screen.height - 140);
        }
      }
    });
    settle(1500);
    SwingUtilities.invokeAndWait(() -> flare(map));
    settle(200);
    SwingUtilities.invokeAndWait(() -> {
      final JMenuBar bar = m.getPlayerWindow().getJMenuBar();
      for (int i = 0; i < bar.getMenuCount(); i++) {
        final JMenu menu = bar.getMenu(i);
        if (menu != null && Resources.getString("General.help").equals(menu.getText())) menu.doClick(0);
      }
    });
    settle(300);
    final Rectangle all = new Rectangle(new Point(0, 0), screen);
    ImageIO.write(new Robot().createScreenCapture(all), "png", out);
    System.exit(0);
  }

  /** Opens the predefined setup of this name, as New Game's menu of scenarios does. */
  private static void openSetup(GameModule m, String name) throws Exception {
    for (PredefinedSetup ps : m.getAllDescendantComponentsOf(PredefinedSetup.class)) {
      if (!name.equals(ps.getConfigureName()) || !ps.isUseFile()) continue;
      final InputStream in = ps.getSavedGameContents();
      SwingUtilities.invokeAndWait(() -> {
        try {
          m.getGameState().loadGameInForeground(ps.getFileName(), in);
        }
        catch (IOException e) {
          throw new IllegalStateException(e);
        }
      });
      settle(1500);
      return;
    }
    System.err.println("no predefined setup named " + name);
    System.exit(2);
  }

  /**
   * Every map window the game has (maps, tracks and displays, the Cards window; not a side's
   * hand), each full screen, centred on its pieces, saved as OUTDIR/NAME.png.
   */
  private static void shootEveryMap(File outDir, Dimension screen) throws Exception {
    Files.createDirectories(outDir.toPath());
    final GameModule m = GameModule.getGameModule();
    for (Map map : Map.getMapList()) {
      if (map instanceof PrivateMap) continue;
      final Window[] shown = new Window[1];
      SwingUtilities.invokeAndWait(() -> {
        // A map whose button sits in a toolbar menu (Tracks & displays) has no button showing:
        // its window is opened as the menu item would, or shown directly.
        if (!map.getView().isShowing()) map.getLaunchButton().doClick();
        final Window window = SwingUtilities.getWindowAncestor(map.getView());
        if (window == null) return;
        if (!window.isShowing()) window.setVisible(true);
        window.setBounds(0, 0, screen.width, screen.height);
        window.toFront();
        map.centerAt(piecesCentre(map));
        shown[0] = window;
      });
      if (shown[0] == null) continue;
      settle(Long.getLong("screenshot.wait", 8) * 1000);
      final Rectangle bounds = shown[0].getBounds();
      final String file = map.getMapName().replaceAll("[^\\p{L}\\p{N} ._-]", "_").trim() + ".png";
      ImageIO.write(new Robot().createScreenCapture(bounds), "png", new File(outDir, file));
      System.out.println(new File(outDir, file).getPath());
      SwingUtilities.invokeAndWait(() -> {
        if (shown[0] != m.getPlayerWindow()) shown[0].setVisible(false);
      });
    }
  }

  /** File > New Game, with the setup wizard's steps taken here: the default boards, no side. */
  private static void newGame(GameModule m) {
    final GameState gs = m.getGameState();
    m.setGameFileMode(GameModule.GameFileMode.NEW_GAME);
    gs.setup(false);
    final List<GameSetupStep> steps = new ArrayList<>();
    for (Iterator<GameSetupStep> it = gs.getUnfinishedSetupSteps(); it.hasNext();) steps.add(it.next());
    for (GameSetupStep step : steps) {
      if (step instanceof BoardPicker) {
        step.getControls();
        step.finish();
      }
      else {
        gs.removeGameSetupStep(step);
      }
    }
    gs.setup(true);
  }

  private static Map findMap(String name) {
    for (Map map : Map.getMapList()) {
      if (name == null || name.equals(map.getMapName())) return map;
    }
    throw new IllegalArgumentException("no map named " + name);
  }

  /** Where the map's pieces are, on average: the part of the map a game starts in. */
  private static Point piecesCentre(Map map) {
    long x = 0;
    long y = 0;
    int n = 0;
    for (GamePiece piece : map.getAllPieces()) {
      x += piece.getPosition().x;
      y += piece.getPosition().y;
      n++;
    }
    final Dimension size = map.mapSize();
    return n == 0 ? new Point(size.width / 2, size.height / 2) : new Point((int) (x / n), (int) (y / n));
  }

  /** Alt-click at the middle of the map's view, as a player flares. */
  private static void flare(Map map) {
    final JComponent view = map.getView();
    final Rectangle seen = view.getVisibleRect();
    final int x = seen.x + seen.width / 2;
    final int y = seen.y + seen.height / 2;
    final int mods = InputEvent.ALT_DOWN_MASK | InputEvent.BUTTON1_DOWN_MASK;
    final long now = System.currentTimeMillis();
    view.dispatchEvent(new MouseEvent(view, MouseEvent.MOUSE_PRESSED, now, mods, x, y, 1, false, MouseEvent.BUTTON1));
    view.dispatchEvent(new MouseEvent(view, MouseEvent.MOUSE_RELEASED, now, InputEvent.ALT_DOWN_MASK, x, y, 1, false, MouseEvent.BUTTON1));
  }

  private static boolean click(Container root, String text) {
    for (Component c : root.getComponents()) {
      if (c instanceof AbstractButton && text.equals(((AbstractButton) c).getText()) && c.isShowing()) {
        ((AbstractButton) c).doClick();
        return true;
      }
      if (c instanceof Container && click((Container) c, text)) return true;
    }
    return false;
  }

  /** Modal dialogs (VASSAL's version warnings) would hide the game: close each. */
  private static void closeDialogsFromNowOn() {
    final Thread t = new Thread(() -> {
      while (true) {
        try {
          Thread.sleep(200);
        }
        catch (InterruptedException e) {
          return;
        }
        SwingUtilities.invokeLater(() -> {
          for (Window w : Window.getWindows()) {
            if (w instanceof Dialog && ((Dialog) w).isModal() && w.isShowing()) {
              System.err.println("closed dialog: " + ((Dialog) w).getTitle());
              w.dispose();
            }
          }
        });
      }
    }, "close-dialogs");
    t.setDaemon(true);
    t.start();
  }

  /** Let VASSAL finish what it queued (painting, loading a page), for ``ms`` milliseconds. */
  private static void settle(long ms) throws Exception {
    Thread.sleep(ms);
    SwingUtilities.invokeAndWait(() -> { });
  }
}
