import VASSAL.build.GameModule;
import VASSAL.build.module.Chatter;
import VASSAL.build.module.GlobalKeyCommand;
import VASSAL.build.module.GlobalOptions;
import VASSAL.build.module.Map;
import VASSAL.counters.GamePiece;
import VASSAL.counters.Stack;

import java.io.PrintStream;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import javax.swing.JTextPane;
import javax.swing.KeyStroke;
import javax.swing.SwingUtilities;
import javax.swing.text.Document;

/**
 * A combat resolved in the module, as the real engine does it.
 *
 * Usage: CombatProbe MODULE.vmod SAVE.vsav ATTACK_KEY DEFEND_KEY ATTACKERS DEFENDER_PLACE [PRESSES
 *   [NAME=VALUE,... [id:COUNTER=KEY]]]  (module properties set before the combat button is
 *   pressed: the weather, a declaration; a key pressed on the first piece of a counter: a
 *   declaration from its menu)
 *
 * Loads the module and the save with the shared harness (LoadModule, beside it on the class
 * path), presses the attack key (KEYCODE,MODIFIERS) on every attacker (ATTACKERS is a
 * comma-separated list of location names, every piece there attacking, and of "id:COUNTER",
 * every piece of that counter attacking, as in an area game where both sides share a space)
 * and the defend key on the first other piece at the defender's place,
 * prints each piece's CombatRole, then presses the module's combat button (PRESSES times, 1
 * unless given: a defender that fires first takes two) and prints what it wrote in the chat
 * log:
 *
 *   ROLE loc="..." counter="..." role="..."
 *   AFTER loc="..." counter="..." for="..." role="..."   (each piece's role and CombatFor0
 *                                                        once the combat is written)
 *   SETTING name="..." value="..."   (each property set before the combat, once it is written)
 *   CHAT text="..."
 *
 * and ends with "PROBE done". The harness's own report comes first.
 */
public class CombatProbe {
  public static void main(String[] args) throws Exception {
    final PrintStream out = System.out;
    final KeyStroke attack = stroke(args[2]);
    final KeyStroke defend = stroke(args[3]);
    final List<String> attackers = Arrays.asList(args[4].split(","));
    final String defender = args[5];
    final int presses = args.length > 6 ? Integer.parseInt(args[6]) : 1;
    // module properties the players set from the toolbar (the weather): "Name=Value,..."
    final String[] settings =
      args.length > 7 && !args[7].isEmpty() ? args[7].split(",") : new String[0];
    // a key pressed on the first piece of a counter: "id:COUNTER=KEYCODE,MODIFIERS"
    final String[] pressed = args.length > 8 ? args[8].split("=", 2) : null;
    final int rc = LoadModule.run(new String[] {"--no-setups", args[0], args[1]});
    // The harness shows no window: let toolbar hotkeys work as they do in a player's window.
    GlobalOptions.getInstance().setAttribute("hotKeysOnClosedWindows", GlobalOptions.ALWAYS);
    out.println("HARNESS exit " + rc);
    SwingUtilities.invokeAndWait(() -> {
      try {
        boolean defenderMarked = false;
        boolean keyPressed = false;
        for (Map map : Map.getMapList()) {
          for (GamePiece piece : pieces(map)) {
            final String loc = map.locationName(piece.getPosition());
            final String counter = String.valueOf(piece.getProperty("CounterId"));
            if (attackers.contains(loc) || attackers.contains("id:" + counter)) {
              piece.keyEvent(attack);
            }
            else if (loc.equals(defender) && !defenderMarked) {
              piece.keyEvent(defend);
              defenderMarked = true;
            }
            if (pressed != null && !keyPressed && pressed[0].equals("id:" + counter)) {
              piece.keyEvent(stroke(pressed[1]));
              keyPressed = true;
            }
            out.println("ROLE loc=" + q(loc)
              + " counter=" + q(String.valueOf(piece.getProperty("CounterId")))
              + " role=" + q(String.valueOf(piece.getProperty("CombatRole"))));
          }
        }
        for (String setting : settings) {
          final String[] pair = setting.split("=", 2);
          GameModule.getGameModule().getMutableProperty(pair[0]).setPropertyValue(pair[1]);
        }
        final Chatter chatter = GameModule.getGameModule().getChatter();
        final Field field = Chatter.class.getDeclaredField("conversationPane");
        field.setAccessible(true);
        final Document doc = ((JTextPane) field.get(chatter)).getDocument();
        final int before = doc.getLength();
        for (GlobalKeyCommand button :
             GameModule.getGameModule().getAllDescendantComponentsOf(GlobalKeyCommand.class)) {
          if ("Combat".equals(button.getAttributeValueString("buttonText"))) {
            for (int n = 0; n < presses; n++) {
              button.apply();
            }
          }
        }
        for (Map map : Map.getMapList()) {
          for (GamePiece piece : pieces(map)) {
            out.println("AFTER loc=" + q(map.locationName(piece.getPosition()))
              + " counter=" + q(String.valueOf(piece.getProperty("CounterId")))
              + " for=" + q(String.valueOf(piece.getProperty("CombatFor0")))
              + " role=" + q(String.valueOf(piece.getProperty("CombatRole"))));
          }
        }
        for (String setting : settings) {
          final String name = setting.split("=", 2)[0];
          out.println("SETTING name=" + q(name) + " value="
            + q(String.valueOf(GameModule.getGameModule().getMutableProperty(name).getPropertyValue())));
        }
        final String added = doc.getText(before, doc.getLength() - before);
        for (String line : added.split("\n")) {
          if (!line.isBlank()) out.println("CHAT text=" + q(line.strip()));
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

  static KeyStroke stroke(String text) {
    final String[] parts = text.split(",");
    return KeyStroke.getKeyStroke(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
  }

  static List<GamePiece> pieces(Map map) {
    final List<GamePiece> found = new ArrayList<>();
    for (GamePiece top : map.getPieces()) {
      if (top instanceof Stack) {
        found.addAll(((Stack) top).asList());
      }
      else {
        found.add(top);
      }
    }
    return found;
  }

  static String q(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
