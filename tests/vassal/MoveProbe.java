import VASSAL.build.GameModule;
import VASSAL.build.module.Chatter;
import VASSAL.build.module.Map;
import VASSAL.build.module.properties.ChangePropertyButton;
import VASSAL.build.module.properties.GlobalProperty;
import VASSAL.counters.Decorator;
import VASSAL.counters.GamePiece;
import VASSAL.counters.Stack;

import java.awt.Point;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;

import javax.swing.JTextPane;
import javax.swing.KeyStroke;
import javax.swing.SwingUtilities;
import javax.swing.text.Document;

/**
 * What the module writes in the chat log when pieces are dragged, as the real engine does it.
 *
 * Usage: MoveProbe KEYCODE,MODIFIERS MODULE.vmod SAVE.vsav DRAG...
 *
 * Loads the module and the save with the shared harness (LoadModule, beside it on the class
 * path), then makes each DRAG ("COUNTER_ID@X,Y": the first piece of that counter, to that point
 * of its map) as VASSAL's piece mover makes one: the piece's old-location properties set, the
 * piece taken out of its stack and placed (snapped to the grid) at the point, then the key
 * its map sends a piece that has just moved. A DRAG of "OFF" presses the module's switch
 * buttons instead. For every chat line a drag made it prints
 *
 *   MOVED n counter="..." from="..." to="..." name="..." text="..."
 *
 * (a drag that wrote nothing prints one line with text=""), and ends with "PROBE done".
 */
public class MoveProbe {
  public static void main(String[] args) throws Exception {
    final PrintStream out = System.out;
    final String[] key = args[0].split(",");
    final KeyStroke moved = KeyStroke.getKeyStroke(Integer.parseInt(key[0]), Integer.parseInt(key[1]));
    final int rc = LoadModule.run(new String[] {"--no-setups", args[1], args[2]});
    out.println("HARNESS exit " + rc);
    SwingUtilities.invokeAndWait(() -> {
      try {
        for (int i = 3; i < args.length; i++) {
          if (args[i].equals("OFF")) {
            // only the warnings' own switch: other buttons set other properties (combat choices)
            for (GlobalProperty property :
                 GameModule.getGameModule().getAllDescendantComponentsOf(GlobalProperty.class)) {
              if ("RulesWarnings".equals(property.getConfigureName())) {
                for (ChangePropertyButton button : property.getComponentsOf(ChangePropertyButton.class)) {
                  button.launch();
                }
              }
            }
            continue;
          }
          drag(out, moved, i - 2, args[i]);
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

  static void drag(PrintStream out, KeyStroke moved, int n, String spec) throws Exception {
    final String counter = spec.substring(0, spec.indexOf('@'));
    final String[] xy = spec.substring(spec.indexOf('@') + 1).split(",");
    final GamePiece piece = find(counter);
    if (piece == null) {
      out.println("MOVED " + n + " counter=" + q(counter) + " missing");
      return;
    }
    final Map map = piece.getMap();
    final Point to = map.snapTo(new Point(Integer.parseInt(xy[0]), Integer.parseInt(xy[1])));
    final String from = map.locationName(piece.getPosition());
    final Document doc = chat();
    final int before = doc.getLength();
    Decorator.putOldProperties(piece);
    final Stack parent = piece.getParent();
    if (parent != null) {
      parent.remove(piece);
    }
    map.placeOrMerge(piece, to);
    piece.keyEvent(moved);
    final String added = doc.getText(before, doc.getLength() - before);
    final String where = " counter=" + q(counter) + " from=" + q(from) + " to=" + q(map.locationName(to))
      + " name=" + q(piece.getLocalizedName());
    boolean said = false;
    for (String line : added.split("\n")) {
      if (line.isBlank()) continue;
      out.println("MOVED " + n + where + " text=" + q(line.strip()));
      said = true;
    }
    if (!said) {
      out.println("MOVED " + n + where + " text=\"\"");
    }
  }

  static GamePiece find(String counter) {
    for (Map map : Map.getMapList()) {
      for (GamePiece top : map.getPieces()) {
        final List<GamePiece> pieces = new ArrayList<>();
        if (top instanceof Stack) {
          pieces.addAll(((Stack) top).asList());
        }
        else {
          pieces.add(top);
        }
        for (GamePiece piece : pieces) {
          if (counter.equals(piece.getProperty("CounterId"))) {
            return piece;
          }
        }
      }
    }
    return null;
  }

  static Document chat() throws Exception {
    final Chatter chatter = GameModule.getGameModule().getChatter();
    final Field field = Chatter.class.getDeclaredField("conversationPane");
    field.setAccessible(true);
    return ((JTextPane) field.get(chatter)).getDocument();
  }

  static String q(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
