"""The guided first hand's words ("Learn to play", firmware/app/guide.py), it/de/en.

Part of the one catalogue (:mod:`ui.i18n` merges it); every fact in a lesson is an
argument from the engine (the accuso and its points, the suit led, a trick's worth).
"""

GUIDE: dict[str, tuple[str, str, str]] = {
    "learn": ("Impara a giocare", "Spielen lernen", "Learn to play"),
    "g_title": ("Lezione", "Lektion", "Lesson"),
    # the greeting on starting the guided hand, and its row in the history
    "m_new_lesson": ("Lezione: {variant}, una mano guidata", "Lektion: {variant}, eine Runde mit Anleitung",
                     "Lesson: {variant}, a guided hand"),
    "h_lesson": ("Lezione", "Lektion", "Lesson"),
    "g_ok": ("Ho capito", "Verstanden", "Got it"),
    "g_skip": ("Salta le lezioni", "Lektionen überspringen", "Skip the lessons"),
    "g_accuso": (
        "Hai un accuso: {decl}, vale {worth}. Si accusa prima di giocare la prima carta: tocca il suo pulsante.",
        "Du hast eine Ansage: {decl}, sie zählt {worth}. Angesagt wird vor der ersten Karte: tipp auf ihre Taste.",
        "You hold an accuso: {decl}, worth {worth}. It is declared before the first card: tap its button.",
    ),
    "g_follow": (
        "Si gioca a {suit}: devi rispondere a {suit}. Le carte che puoi giocare sono segnate.",
        "Ausgespielt wurde {suit}: du musst {suit} bedienen. Die Karten, die du spielen darfst, sind markiert.",
        "The lead is {suit}: you must follow with {suit}. The cards you may play are marked.",
    ),
    "g_void": (
        "Si gioca a {suit} e non ne hai: puoi giocare qualsiasi carta, ma nessuna prende.",
        "Ausgespielt wurde {suit} und du hast keine Karte dieser Farbe: du darfst jede spielen, aber keine davon sticht.",
        "The lead is {suit} and you hold none: play any card, but none of them takes the trick.",
    ),
    "g_void_any": (
        "Si gioca a {suit} e non ne hai: puoi giocare qualsiasi carta.",
        "Ausgespielt wurde {suit} und du hast keine Karte dieser Farbe: du darfst jede spielen.",
        "The lead is {suit} and you hold none: play any card.",
    ),
    "g_trick_mine": (
        "Presa tua: vale {worth}{last}. L'asso vale 1 punto; il tre, il due e le figure ⅓; le altre niente.",
        "Dein Stich: er zählt {worth}{last}. Das Ass zählt 1 Punkt; Drei, Zwei und Bilder je ⅓; der Rest nichts.",
        "Your trick: it is worth {worth}{last}. An ace is 1 point; a three, a two or a court ⅓; the rest nothing.",
    ),
    "g_trick_theirs": (
        "Presa dell'avversario: vale {worth}{last}. L'asso vale 1 punto; il tre, il due e le figure ⅓; le altre niente.",
        "Stich des Gegners: er zählt {worth}{last}. Das Ass zählt 1 Punkt; Drei, Zwei und Bilder je ⅓; der Rest nichts.",
        "Their trick: it is worth {worth}{last}. An ace is 1 point; a three, a two or a court ⅓; the rest nothing.",
    ),
    "g_last_point": (
        ", con il punto dell'ultima presa",
        ", mit dem Punkt für den letzten Stich",
        ", the last trick's point included",
    ),
    "g_count": (
        "Il conto: i terzi presi si sommano e si arrotondano per difetto (2⅔ fanno 2 punti), l'ultima presa vale "
        "1 punto, poi si aggiungono gli accusi.",
        "Die Abrechnung: die Drittel werden zusammengezählt und abgerundet (2⅔ zählen 2 Punkte), der letzte Stich "
        "zählt 1 Punkt, dazu kommen die Ansagen.",
        "The count: the thirds taken are added up and rounded down (2⅔ makes 2 points), the last trick is worth "
        "1 point, then the accusi are added.",
    ),
}
