import VASSAL.build.GameModule;
import VASSAL.build.module.Chatter;
import VASSAL.build.module.GameRefresher;
import VASSAL.build.module.Map;
import VASSAL.command.NullCommand;
import VASSAL.counters.GamePiece;
import VASSAL.counters.Properties;
import VASSAL.counters.Stack;

import java.awt.Point;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import javax.swing.JTextPane;
import javax.swing.SwingUtilities;
import javax.swing.text.Document;

/**
 * VASSAL's own Refresh Counters (GameRefresher) run on a saved game with a module, as the real
 * engine does it.
 *
 * Usage: RefreshProbe MODULE.vmod SAVE.vsav [SAVE.vsav ...]
 *
 * Loads the module and the saves with the shared harness (LoadModule, beside it on the class
 * path; its report comes first); the last save stays open. Then refreshes every piece with the
 * options the refresh dialog of VASSAL 3.7 starts with, and prints each piece as it then is:
 *
 *   REFRESHED map="..." loc="..." name="..." counter="..." gpid="..." move="..." face="..." at=X,Y
 *
 * then every chat line the refresh wrote (CHAT text="..."), and ends with "PROBE done".
 */
public class RefreshProbe {
  static final Set<String> OPTIONS = new HashSet<>(Arrays.asList(
    "RefreshPieces", "UseLabelerName", "UseLayerName", "UseRotateName", "DeleteNoMap"));

  public static void main(String[] args) throws Exception {
    final PrintStream out = System.out;
    final List<String> harness = new ArrayList<>(Arrays.asList("-v", "--no-setups"));
    harness.addAll(Arrays.asList(args));
    final int rc = LoadModule.run(harness.toArray(new String[0]));
    out.println("HARNESS exit " + rc);
    SwingUtilities.invokeAndWait(() -> {
      try {
        final GameModule module = GameModule.getGameModule();
        final Field field = Chatter.class.getDeclaredField("conversationPane");
        field.setAccessible(true);
        final Document chat = ((JTextPane) field.get(module.getChatter())).getDocument();
        final int before = chat.getLength();
        new GameRefresher(module).execute(OPTIONS, new NullCommand());
        for (String line : chat.getText(before, chat.getLength() - before).split("\n")) {
          if (!line.isBlank()) out.println("CHAT text=" + q(line.strip()));
        }
        for (Map map : Map.getMapList()) {
          for (GamePiece top : map.getAllPieces()) {
            final List<GamePiece> pieces = top instanceof Stack ? ((Stack) top).asList() : List.of(top);
            for (GamePiece piece : pieces) {
              final Point at = piece.getPosition();
              out.println("REFRESHED map=" + q(map.getMapName())
                + " loc=" + q(map.locationName(at))
                + " name=" + q(piece.getName())
                + " counter=" + q(String.valueOf(piece.getProperty("CounterId")))
                + " gpid=" + q(String.valueOf(piece.getProperty(Properties.PIECE_ID)))
                + " move=" + q(String.valueOf(piece.getProperty("move")))
                + " face=" + q(String.valueOf(piece.getProperty("Face_Level")))
                + " at=" + at.x + "," + at.y);
            }
          }
        }
      }
      catch (Exception e) {
        out.println("PROBE failed: " + e);
        e.printStackTrace();
      }
    });
    out.println("PROBE done");
    out.flush();
    System.exit(0);
  }

  static String q(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
