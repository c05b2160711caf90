import VASSAL.build.GameModule;
import VASSAL.build.module.Map;
import VASSAL.build.module.PlayerRoster;
import VASSAL.build.module.PrivateMap;
import VASSAL.build.module.map.DrawPile;
import VASSAL.command.Command;
import VASSAL.counters.Deck;
import VASSAL.counters.GamePiece;
import VASSAL.counters.Properties;
import VASSAL.counters.Stack;

import java.awt.Point;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

import javax.swing.KeyStroke;
import javax.swing.SwingUtilities;

/**
 * Decks, hands and hidden stacks as the real engine plays them.
 *
 * Usage: CardProbe MODULE.vmod DECK WAITING DISCARD HAND_SIDE OTHER_SIDE STACK_MAP
 *
 * Starts a new game of the module with the shared harness (LoadModule, beside it on the class
 * path), then, as the side HAND_SIDE: prints every draw pile's deck type, adds the WAITING pile
 * into DECK, shuffles it, draws a card into the side's hand, checks who may open that hand and
 * who sees the card, reveals it and plays it on the first board, returns it to its deck (Ctrl-R),
 * empties the deck to see its DISCARD pile reshuffled into it, and lists, for each side, which
 * pieces of the stacks of STACK_MAP it sees. One line per fact; "PROBE done" at the end.
 */
public class CardProbe {
  static PrintStream out = System.out;

  public static void main(String[] args) throws Exception {
    final int rc = LoadModule.run(new String[] {"--no-setups", args[0]});
    out.println("HARNESS exit " + rc);
    SwingUtilities.invokeAndWait(() -> {
      try {
        probe(args[1], args[2], args[3], args[4], args[5], args[6]);
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

  static void side(String side) {
    final PlayerRoster roster = GameModule.getGameModule().getPlayerRoster();
    final String me = GameModule.getActiveUserId();
    roster.remove(me);
    roster.add(me, "probe", side);
    out.println("SIDE " + q(PlayerRoster.getMySide()));
  }

  static void probe(String deckName, String waitingName, String discardName, String mine,
                    String other, String stackMap) throws Exception {
    side(mine);
    for (DrawPile pile : GameModule.getGameModule().getAllDescendantComponentsOf(DrawPile.class)) {
      out.println("DECKTYPE name=" + q(pile.getConfigureName()) + " type=" + q(pile.getDeck().getType()));
    }
    final Deck deck = DrawPile.findDrawPile(deckName).getDeck();
    final Deck waiting = DrawPile.findDrawPile(waitingName).getDeck();
    out.println("COUNT before=" + deck.getPieceCount() + " waiting=" + waiting.getPieceCount());
    waiting.sendToDeck();
    out.println("COUNT joined=" + deck.getPieceCount() + " waiting=" + waiting.getPieceCount());
    deck.shuffle();
    out.println("COUNT shuffled=" + deck.getPieceCount() + " facedown=" + deck.isFaceDown());

    // draw the top card into the hand, as a drag out of the deck does
    final GamePiece card = deck.topPiece();
    final Map hand = findMap(mine + " hand");
    deck.pieceRemoved(card);
    hand.placeOrMerge(card, new Point(200, 280));
    out.println("DRAWN card=" + q(card.getName()) + " map=" + q(card.getMap().getMapName())
      + " left=" + deck.getPieceCount());
    for (GamePiece piece : deck.getMap().getPieces()) {
      if (piece.getName().equals(deckName + ": count")) {
        out.println("SIGN text=" + q(String.valueOf(piece.getProperty("TextLabel"))));
      }
    }
    final PrivateMap privateHand = (PrivateMap) hand;
    out.println("HAND visible mine=" + privateHand.isVisibleTo(mine)
      + " other=" + privateHand.isVisibleTo(other)
      + " accessible mine=" + privateHand.isAccessibleTo(mine)
      + " other=" + privateHand.isAccessibleTo(other));
    out.println("CARD side=" + q(mine) + " hidden=" + card.getProperty(Properties.OBSCURED_TO_ME)
      + " name=" + q(card.getName()));
    side(other);
    out.println("CARD side=" + q(other) + " hidden=" + card.getProperty(Properties.OBSCURED_TO_ME)
      + " name=" + q(card.getName()));

    // reveal it and play it on the table: everyone sees it
    side(mine);
    card.keyEvent(KeyStroke.getKeyStroke(77, 130));
    final Map table = findMap(stackMap);
    table.placeOrMerge(card, new Point(120, 120));
    side(other);
    out.println("PLAYED map=" + q(card.getMap().getMapName()) + " hidden="
      + card.getProperty(Properties.OBSCURED_TO_ME) + " name=" + q(card.getName()));

    // back to its deck
    side(mine);
    card.keyEvent(KeyStroke.getKeyStroke(82, 130));
    out.println("RETURNED map=" + q(card.getMap() == null ? "null" : card.getMap().getMapName())
      + " indeck=" + (card.getParent() == deck) + " count=" + deck.getPieceCount());

    // a card on the discard pile; the deck drawn to its last card takes the discards back
    final DrawPile discard = DrawPile.findDrawPile(discardName);
    final GamePiece discarded = deck.topPiece();
    deck.pieceRemoved(discarded);
    discard.addToContents(discarded);
    out.println("DISCARDED count=" + deck.getPieceCount() + " discards=" + discard.getDeck().getPieceCount());
    final int left = deck.getPieceCount();
    for (int drawn = 0; drawn < left; drawn++) {
      final GamePiece next = deck.topPiece();
      deck.pieceRemoved(next);
      table.placeOrMerge(next, new Point(200 + 40 * drawn, 200));
    }
    out.println("EMPTIED drawn=" + left + " count=" + deck.getPieceCount()
      + " discards=" + discard.getDeck().getPieceCount());

    // hidden stacks: what each side sees of the stacks of the first map
    for (String side : new String[] {mine, other}) {
      side(side);
      for (GamePiece top : findMap(stackMap).getPieces()) {
        if (!(top instanceof Stack) || top instanceof Deck || ((Stack) top).getPieceCount() < 2) {
          continue;
        }
        final List<String> seen = new ArrayList<>();
        for (GamePiece piece : ((Stack) top).asList()) {
          seen.add(piece.getName() + (Boolean.TRUE.equals(piece.getProperty(Properties.OBSCURED_TO_ME)) ? " [hidden]" : ""));
        }
        out.println("STACK side=" + q(side) + " at=" + q(findMap(stackMap).locationName(top.getPosition()))
          + " bottom-up=" + q(String.join(" | ", seen)));
      }
    }
  }

  static Map findMap(String name) {
    for (Map map : Map.getMapList()) {
      if (map.getMapName().equals(name)) {
        return map;
      }
    }
    throw new IllegalArgumentException("no map " + name);
  }

  static String q(String s) {
    return "\"" + String.valueOf(s).replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
