package info.vannier.gotha;

// Our reader for tests/benchmarks/opengotha_xml_roundtrip.py (not part of OpenGotha; compiled
// against an OpenGotha build outside the repository): OpenGotha reads an XML
// tournament file with its own importer, then, one command per argument:
//   WRITE out.xml   its own XML writer      H9 out.h9 keep|drop   TOU out.tou
//   PAIR r          pairs round r (1-based) as its pairing window does; prints "G table white black hd"
import java.io.*;
import java.net.*;
import java.rmi.server.RMISocketFactory;
import java.util.*;

public class OGXml {
    public static void main(String[] args) throws Exception {
        RMISocketFactory.setSocketFactory(new RMISocketFactory() {
            public Socket createSocket(String host, int port) throws IOException {
                return new Socket(InetAddress.getLoopbackAddress(), port);
            }
            public ServerSocket createServerSocket(int port) throws IOException {
                return new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
            }
        });
        Tournament t = new Tournament();
        String msg = ExternalDocument.importTournamentFromXMLFile(new File(args[0]), t, true, true, true, true, true);
        System.err.println(msg);
        for (int i = 1; i < args.length; i++) {
            Thread.sleep(2);
            t.setLastTournamentModificationTime(System.currentTimeMillis());
            Thread.sleep(2);
            switch (args[i]) {
                case "WRITE": ExternalDocument.generateXMLFile(t, new File(args[++i])); break;
                case "H9": { File f = new File(args[++i]); ExternalDocument.generateH9File(t, f, args[++i].equals("keep")); break; }
                case "TOU": ExternalDocument.generateTouFile(t, new File(args[++i])); break;
                case "PAIR": {
                    int r = Integer.parseInt(args[++i]) - 1;
                    PlacementParameterSet pps = t.getTournamentParameterSet().getPlacementParameterSet();
                    ArrayList<ScoredPlayer> ordered = t.orderedScoredPlayersList(r - 1, pps);
                    ArrayList<Player> notPaired = t.alNotPairedPlayers(r);
                    Set<String> np = new HashSet<>();
                    for (Player p : notPaired) np.add(p.getKeyString());
                    ArrayList<Player> toPair = new ArrayList<>();
                    for (ScoredPlayer sp : ordered) if (np.contains(sp.getKeyString())) toPair.add(t.getPlayerByKeyString(sp.getKeyString()));
                    if (toPair.size() % 2 != 0) {
                        t.chooseAByePlayer(toPair, r);
                        Player bye = t.getByePlayer(r);
                        System.out.println("BYE " + bye.getKeyString());
                        Player rem = null;
                        for (Player p : toPair) if (p.hasSameKeyString(bye)) rem = p;
                        toPair.remove(rem);
                    }
                    ArrayList<Game> newGames = t.makeAutomaticPairing(toPair, r);
                    int tn = 0;
                    for (Game g : newGames) g.setTableNumber(tn++);
                    t.renumberTablesByBestScoreThenRating(r, newGames);
                    ArrayList<Game> round = t.gamesList(r);
                    round.sort((a, b) -> Integer.compare(a.getTableNumber(), b.getTableNumber()));
                    for (Game g : round)
                        System.out.println("G " + (g.getTableNumber() + 1) + " " + g.getWhitePlayer().getKeyString() + " "
                                + g.getBlackPlayer().getKeyString() + " " + g.getHandicap());
                    break;
                }
                default: throw new RuntimeException(args[i]);
            }
        }
        System.exit(0);
    }
}
