"""The phone page's own words and the touchscreen's join screen's. Part of the one
catalogue: :mod:`ui.i18n` merges this table into ``CATALOGUE``; the page gets its
words from it through :func:`ui.webtext.page_catalogue`. (The wire's error texts and
the table's notes about phone seats are in ui/i18n_phones.py.)

Arguments: ``{n}`` a seat's number; ``{address}`` the box's address; ``{code}`` a
short code.
"""

from __future__ import annotations

# key: (it, de, en)
WEB: dict[str, tuple[str, str, str]] = {
    # the phone page
    "p_join_text": ("Scrivi il codice di 6 cifre che mostra lo schermo del tavolo",
                    "Gib den 6-stelligen Code ein, den der Bildschirm der Box zeigt",
                    "Type the 6-digit code the table's screen shows"),
    "p_join": ("Siediti", "Hinsetzen", "Take the seat"),
    "p_name": ("Il tuo nome (se vuoi)", "Dein Name (wenn du willst)", "Your name (if you like)"),
    "p_code_six": ("Il codice ha 6 cifre", "Der Code hat 6 Ziffern", "The code has 6 digits"),
    "p_reconnecting": ("Connessione persa: riprovo…", "Verbindung weg: neuer Versuch…", "Connection lost: trying again…"),
    "p_offline": ("Il tavolo non risponde", "Die Box antwortet nicht", "The table does not answer"),
    "p_no_match": ("Nessuna partita sul tavolo", "Keine Partie auf der Box", "No match on the table"),
    "p_not_connected": ("non collegato", "nicht verbunden", "not connected"),  # on a greyed button
    # what a screen reader says of a card ({card}: its name) and of the table
    "p_card_offline": ("{card}: non collegato", "{card}: nicht verbunden", "{card}: not connected"),
    "p_card_no_turn": ("{card}: non tocca a te", "{card}: du bist nicht dran", "{card}: not your turn"),
    "p_card_not_legal": ("{card}: non si può giocare ora", "{card}: jetzt nicht spielbar", "{card}: cannot be played now"),
    "p_card_hint": ("{card}: il consiglio", "{card}: der Tipp", "{card}: the hint"),
    "p_played": ("{name}: {card}", "{name}: {card}", "{name}: {card}"),
    "p_takes": ("{name} prende", "{name} macht den Stich", "{name} takes the trick"),
    "p_takes_you": ("Prendi tu", "Du machst den Stich", "You take the trick"),
    "p_hand_label": ("Le tue carte, seme per seme", "Deine Karten, Farbe für Farbe", "Your cards, suit by suit"),
    "p_trick_label": ("Carte in tavola", "Der Stich in der Mitte", "Cards on the table"),
    "p_rating": ("Come hai giocato", "Wie du gespielt hast", "How you played"),
    # the touchscreen: the seat kind, the join screen
    "p_join_title": ("Telefoni al tavolo", "Telefone an der Box", "Phones at the table"),
    "p_scan": ("Inquadra il codice del tuo posto, o apri {address} e scrivi il codice",
               "Scanne den Code deines Platzes, oder öffne {address} und gib den Code ein",
               "Scan your seat's code, or open {address} and type the code"),
    "p_free_seat": ("Libera il posto {n}", "Platz {n} freigeben", "Free seat {n}"),
    "p_ask_free": ("Liberare il posto {n}? Il suo telefono non potrà più giocare; un altro telefono potrà sedersi.",
                   "Platz {n} freigeben? Sein Telefon kann dann nicht mehr spielen; ein anderes kann sich hinsetzen.",
                   "Free seat {n}? Its phone can no longer play; another phone can take the seat."),
    "p_new_codes": ("Codice nuovo", "Neuer Code", "New code"),
    "p_phones_btn": ("Telefoni", "Telefone", "Phones"),
}
