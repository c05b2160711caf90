import VASSAL.build.GameModule;
import VASSAL.build.module.Chatter;
import VASSAL.build.module.Map;
import VASSAL.build.module.properties.ChangePropertyButton;
import VASSAL.build.module.properties.GlobalProperty;
import VASSAL.counters.GamePiece;
import VASSAL.counters.Stack;

import java.io.PrintStream;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;

import javax.swing.JTextPane;
import javax.swing.KeyStroke;
import javax.swing.SwingUtilities;
import javax.swing.text.Document;

/**
 * What the module writes in the chat log after a move, as the real engine does it.
 *
 * Usage: WarnProbe KEYCODE,MODIFIERS MODULE.vmod SAVE.vsav
 *
 * Loads the module and the save with the shared harness (LoadModule, beside it on the class
 * path), then sends every piece of every map the key the maps send to a piece that has just
 * moved, and prints one line per chat line that key made:
 *
 *   WARN switch=1 map="..." loc="..." counter="..." name="..." text="..."
 *
 * It does so with the warnings switched on, then presses the module's switch button and does it
 * again (switch=0), and ends with "PROBE done". The harness's own report comes first.
 */
public class WarnProbe {
  public static void main(String[] args) throws Exception {
    final PrintStream out = System.out;
    final String[] key = args[0].split(",");
    final KeyStroke moved = KeyStroke.getKeyStroke(Integer.parseInt(key[0]), Integer.parseInt(key[1]));
    final int rc = LoadModule.run(new String[] {"--no-setups", args[1], args[2]});
    out.println("HARNESS exit " + rc);
    SwingUtilities.invokeAndWait(() -> {
      try {
        probe(out, moved, "1");
        // only the warnings' own switch: other buttons set other properties (combat choices)
        final List<ChangePropertyButton> buttons = new ArrayList<>();
        for (GlobalProperty property :
            GameModule.getGameModule().getAllDescendantComponentsOf(GlobalProperty.class)) {
          if ("RulesWarnings".equals(property.getConfigureName())) {
            buttons.addAll(property.getComponentsOf(ChangePropertyButton.class));
          }
        }
        for (ChangePropertyButton button : buttons) {
          button.launch();
        }
        out.println("SWITCH buttons=" + buttons.size());
        probe(out, moved, "0");
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

  static void probe(PrintStream out, KeyStroke moved, String switchState) throws Exception {
    final Chatter chatter = GameModule.getGameModule().getChatter();
    final Field field = Chatter.class.getDeclaredField("conversationPane");
    field.setAccessible(true);
    final Document doc = ((JTextPane) field.get(chatter)).getDocument();
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
          final int before = doc.getLength();
          piece.keyEvent(moved);
          final String added = doc.getText(before, doc.getLength() - before);
          for (String line : added.split("\n")) {
            if (line.isBlank()) continue;
            out.println("WARN switch=" + switchState
              + " map=" + q(map.getMapName())
              + " loc=" + q(map.locationName(piece.getPosition()))
              + " counter=" + q(String.valueOf(piece.getProperty("CounterId")))
              + " name=" + q(piece.getLocalizedName())
              + " text=" + q(line.strip()));
          }
        }
      }
    }
  }

  static String q(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
