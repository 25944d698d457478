"""The coach's words (firmware/coach): reasons, marks, review labels. Part of the one
catalogue: :mod:`ui.i18n` merges this table into ``CATALOGUE``.

Arguments: ``{card}``, ``{keep}`` a card's name; ``{suit}`` a suit's name;
``{signal}`` a signal's word; ``{worth}``, ``{points}`` a card value
("niente", "⅓", "1 ⅔"); ``{n}`` a number.
"""

from __future__ import annotations

# key: (it, de, en)
COACH: dict[str, tuple[str, str, str]] = {
    # reasons (firmware/coach/reasons.py)
    "c_only": ("{card}: è l'unica carta che puoi giocare", "{card}: die einzige Karte, die du spielen darfst",
               "{card}: the only card you may play"),
    "c_exact": ("{card}: tutte le carte sono note e, contando fino alla fine, fa più punti",
                "{card}: alle Karten sind bekannt, und bis zum Ende gezählt bringt sie die meisten Punkte",
                "{card}: every card is known, and counted to the end it makes the most points"),
    "c_inverted": ("{card}: i punti contano contro di te, e questa è la carta che te ne costa meno",
                   "{card}: Punkte zählen gegen dich, und diese Karte kostet dich am wenigsten",
                   "{card}: points count against you, and this card costs you the fewest"),
    "c_partner_asked": ("{card}: il compagno ha chiesto {suit} con {signal}",
                        "{card}: dein Partner hat mit {signal} {suit} verlangt",
                        "{card}: your partner asked for {suit} with {signal}"),
    "c_top": ("{card}: è la più alta del suo seme ancora in gioco", "{card}: die höchste Karte ihrer Farbe, die noch im Spiel ist", "{card}: the top card of its suit still out"),
    "c_void": ("{card}: gli avversari hanno mostrato di non avere più {suit}, non possono prenderla",
               "{card}: die Gegner können {suit} nicht mehr bedienen, keiner von ihnen schlägt sie",
               "{card}: your opponents showed they hold no more {suit}, they cannot take it"),
    "c_lead_low": ("{card}: apri con una carta che non vale niente, tieni le buone",
                   "{card}: spiel eine Karte aus, die nichts wert ist, und behalte die guten",
                   "{card}: lead a card worth nothing and keep the good ones"),
    "c_take": ("{card}: fa la presa ({points}) e nessuno dopo di te la batte", "{card}: sie macht den Stich ({points}), und keiner nach dir schlägt sie", "{card}: it takes the trick ({points}) and nobody after you can beat it"),
    "c_take_try": ("{card}: per ora fa la presa ({points})", "{card}: sie macht vorerst den Stich ({points})", "{card}: it takes the trick for now ({points})"),
    "c_load": ("{card}: la presa è del compagno, caricala ({worth})",
               "{card}: der Stich gehört deinem Partner, schmier ihn ({worth})",
               "{card}: your partner holds the trick, load it ({worth})"),
    "c_partner_holds": ("{card}: la presa è del compagno", "{card}: der Stich gehört deinem Partner",
                        "{card}: your partner holds the trick"),
    "c_keep": ("{card}: vale {worth}, tieni {keep}", "{card}: sie ist {worth} wert, behalte {keep}",
               "{card}: it is worth {worth}, keep the {keep}"),
    "c_keep_0": ("{card}: non vale niente, tieni {keep}", "{card}: sie ist nichts wert, behalte {keep}",
                 "{card}: it is worth nothing, keep the {keep}"),
    "c_duck": ("{card}: questa presa non la puoi fare, dai la carta che costa meno ({worth})",
               "{card}: diesen Stich kannst du nicht machen, gib die billigste Karte zu ({worth})",
               "{card}: you cannot take this trick, give the cheapest card ({worth})"),
    "c_search": ("{card}: nelle mani immaginate fa più punti delle altre",
                 "{card}: in den gedachten Verteilungen bringt sie die meisten Punkte",
                 "{card}: in the imagined deals it makes the most points"),
    "c_zu_tun": ("{card}: zu tun, vinci la partita", "{card}: zu tun, die Partie ist gewonnen", "{card}: zu tun, it wins the game"),
    "c_claim": ("Hai già {n} punti: chiamati fuori", "Du hast schon {n} Punkte: melde dich fertig",
                "You already have {n} points: call yourself out"),
    "c_call": ("Chiama {card}: {suit} è il tuo seme più lungo", "Ruf {card}: {suit} ist deine längste Farbe",
               "Call the {card}: {suit} is your longest suit"),
    "c_call_among": ("Chiama {card}: dei semi che puoi chiamare, {suit} è quello in cui hai più carte",
                     "Ruf {card}: von den Farben, die du rufen kannst, ist {suit} deine längste",
                     "Call the {card}: of the suits you may call, you hold most {suit}"),
    "c_discard": ("Scarta {card}: è quella che costa meno", "Leg {card} ab: sie kostet am wenigsten",
                  "Lay away the {card}: it costs least"),
    "c_worth_0": ("niente", "nichts", "nothing"),
    # marks and review (docs/coach.md)
    "m_forced": ("obbligata", "erzwungen", "forced"),
    "m_best": ("la migliore", "bester Zug", "best"),
    "m_good": ("buona", "guter Zug", "good"),
    "m_inaccuracy": ("imprecisione", "Ungenauigkeit", "inaccuracy"),
    "m_mistake": ("errore", "Fehler", "mistake"),
    "m_blunder": ("errore grave", "grober Fehler", "blunder"),
    # one verdict (docs/coach.md, One answer): a card worth the hint's within the tie margin
    "m_tie": ("alla pari con {better}", "so gut wie {better}", "as good as the {better}"),
    "hint": ("Consiglio", "Tipp", "Hint"),
    "hint_wait": ("Ci penso…", "Ich überlege…", "Thinking…"),
    "review": ("Analisi", "Analyse", "Review"),
    "analysing": ("Analisi in corso {n}%", "Analyse läuft {n}%", "Analysing {n}%"),
    "acc_x_axis": ("partite, dalla più vecchia alla più recente →", "Partien, von alt nach neu →",
                   "matches, oldest to newest →"),
    "accuracy": ("Precisione", "Genauigkeit", "Accuracy"),
    "accuracy_short": ("Prec. media", "Gen. Ø", "Avg. acc."),  # the table's: the mean of the matches
    "accuracy_avg_tiny": ("Ø prec.", "Ø Gen.", "Ø acc."),  # the same, where the column is narrow
    "acc_latest": ("ultima {n}%", "zuletzt {n}%", "latest {n}%"),  # the chart's legend: its last point
    "accuracy_n": ("Precisione {n}%", "Genauigkeit {n}%", "Accuracy {n}%"),
    "loss_n": ("perdi {points}", "kostet {points}", "loses {points}"),
    "costliest": ("La giocata più costosa: {card} ({mark}, perdi {points}); meglio {better}",
                  "Der teuerste Zug: {card} ({mark}, kostet {points}); besser {better}",
                  "Costliest play: {card} ({mark}, loses {points}); better {better}"),
    "not_analysed": ("non analizzato: giocato con carte vere; la partita registra solo le carte che questo posto ha "
                     "giocato, non la sua mano, quindi non si sa cos'altro poteva giocare",
                     "nicht analysiert: mit echten Karten gespielt; die Aufzeichnung zeigt nur die Karten, die dieser "
                     "Platz gespielt hat, nicht sein Blatt, also ist unbekannt, was er sonst hätte spielen können",
                     "not analysed: played with real cards; the record shows only the cards this seat played, "
                     "not its hand, so what else it could have played is unknown"),
    "not_analysed_match": ("non analizzato (carte vere in ogni mano)", "nicht analysiert (echte Karten in jeder Runde)",
                           "not analysed (real cards in every hand)"),
    "no_mistakes": ("Nessun errore in questa mano", "Kein Fehler in dieser Runde", "No mistakes this hand"),
    "undo": ("Annulla", "Rückgängig", "Undo"),
    "review_acc": ("Precisione {n}% (perdi {points})", "Genauigkeit {n}% (kostet {points})",
                   "Accuracy {n}% (lost {points})"),
    "hint_says": ("Consiglio: {hint}", "Tipp: {hint}", "Hint: {hint}"),
    "m_undone": ("Annullato: {n} mosse riprese", "Zurückgenommen: {n} Züge", "Taken back: {n} moves"),
    "m_undone_one": ("Annullato: 1 mossa ripresa", "Zurückgenommen: 1 Zug", "Taken back: 1 move"),
    "r_rated_no_help": ("Partita valida per le statistiche: niente consigli né annullamenti", "Gewertete Partie: keine Tipps, kein Zurücknehmen", "A rated match: no hints, no undo"),
    "r_nothing_to_undo": ("Non c'è una tua carta da riprendere", "Keine eigene Karte zum Zurücknehmen",
                          "No card of yours to take back"),
    "r_no_hint_now": ("Il consiglio è per quando tocca a te", "Einen Tipp gibt es, wenn du dran bist",
                      "A hint is for when it is your turn"),
    # the review of a match (ui/review.py)
    "review_match_acc": ("Precisione della partita {n}", "Genauigkeit der Partie {n}", "Match accuracy {n}"),
    "review_played": ("Hai giocato {card}: {mark}, perdi {points}", "Du hast {card} gespielt: {mark}, kostet {points}", "You played {card}: {mark}, loses {points}"),
    "review_played_best": ("Hai giocato {card}: {mark}", "Du hast {card} gespielt: {mark}", "You played {card}: {mark}"),
    "review_no_play": ("Nessuna tua carta in questa presa", "Keine Karte von dir in diesem Stich",
                       "No card of yours in this trick"),
    "review_none": ("Niente da analizzare: nessuna carta giocata da una persona allo schermo",
                    "Nichts zu analysieren: keine Karte einer Person am Bildschirm",
                    "Nothing to review: no card played by a person at the screen"),
    "review_failed": ("Analisi non riuscita: {why}", "Analyse fehlgeschlagen: {why}", "The review failed: {why}"),
    "points_n": ("{points}", "{points}", "{points}"),
    # an expected loss in thirds, as said at the table (ui.i18n.amount_text)
    "pts_none": ("0 punti", "0 Punkte", "0 points"),
    "pts_under": ("meno di ⅓ di punto", "weniger als ⅓ Punkt", "under ⅓ of a point"),
    "pts_frac": ("{frac} di punto", "{frac} Punkt", "{frac} of a point"),
    "pts_1": ("1 punto", "1 Punkt", "1 point"),
    "pts_1_frac": ("1 punto e {frac}", "1{frac} Punkte", "1{frac} points"),
    "pts_n": ("{n} punti", "{n} Punkte", "{n} points"),
    "pts_n_frac": ("{n} punti e {frac}", "{n}{frac} Punkte", "{n}{frac} points"),
    "loss_short": ("Persi", "Verlust", "Lost"),
    "worst_short": ("Peggiore", "Schlimmster", "Worst"),
    "chart": ("Grafico", "Grafik", "Chart"),  # the Statistics screen at 480x320
    "stats_table": ("Tabella", "Tabelle", "Table"),
    "casual": ("Allenamento", "Übungspartie", "Practice"),  # a casual match: hints and undo
    "easy:help": ("facile*", "leicht*", "easy*"),
    "normal:help": ("normale*", "normal*", "normal*"),
    "hard:help": ("difficile*", "schwer*", "hard*"),
    "-:help": ("–*", "–*", "–*"),
    "help_note": ("* con consigli o annullamenti", "* mit Tipps oder Zurücknehmen", "* with hints or undo"),
}
