"""The phone seats' words (docs/phones.md): one catalogue, its own file, as the coach's.

Keys ``w_<code>`` are the wire's error and bye codes (firmware/app/phones/protocol.py);
``ph_*`` what the touchscreen and the phone page say about phone seats.
key: (it, de, en)
"""

from __future__ import annotations

PHONES: dict[str, tuple[str, str, str]] = {
    # the wire's errors
    "w_bad_json": ("Messaggio illeggibile", "Unlesbare Nachricht", "Unreadable message"),
    "w_bad_message": ("Messaggio non valido", "Ungültige Nachricht", "Invalid message"),
    "w_too_big": ("Messaggio troppo lungo", "Nachricht zu lang", "Message too long"),
    "w_not_joined": ("Prima entra con il codice", "Erst mit dem Code beitreten", "Join with the code first"),
    "w_bad_code": ("Codice sbagliato: guarda lo schermo del tavolo", "Falscher Code: schau auf den Bildschirm der Box",
                   "Wrong code: look at the table's screen"),
    "w_code_closed": ("Questo codice non vale più: guarda lo schermo del tavolo",
                      "Dieser Code gilt nicht mehr: schau auf den Bildschirm der Box",
                      "This code is no longer valid: look at the table's screen"),
    "w_seat_taken": ("Il posto è già preso: liberalo sullo schermo del tavolo",
                     "Der Platz ist besetzt: gib ihn am Bildschirm der Box frei",
                     "That seat is taken: free it on the table's screen"),
    "w_too_many_tries": ("Troppi tentativi: riprova tra poco, o chiedi un codice nuovo sullo schermo del tavolo",
                         "Zu viele Versuche: gleich noch einmal, oder am Bildschirm der Box einen neuen Code holen",
                         "Too many tries: try again shortly, or get a new code on the table's screen"),
    "w_unknown_secret": ("Questo telefono non ha più un posto: entra con il codice",
                         "Dieses Telefon hat keinen Platz mehr: mit dem Code beitreten",
                         "This phone no longer has a seat: join with the code"),
    "w_stale": ("Il tavolo è andato avanti: guarda di nuovo", "Die Partie ist schon weiter: schau noch einmal hin",
                "The table has moved on: look again"),
    # a tap the seat may not make now (not among its state's legal actions): nothing changed
    "w_not_legal": ("Questa mossa non è possibile ora", "Dieser Zug geht jetzt nicht", "That move is not possible now"),
    "w_rate_limited": ("Troppo in fretta", "Zu schnell", "Too fast"),
    # why the box closes a phone's connection
    "w_replaced": ("Questo posto è stato aperto in un'altra scheda", "Dieser Platz ist in einem anderen Tab offen",
                   "This seat was opened in another tab"),
    "w_seat_freed": ("Il posto è stato liberato sullo schermo del tavolo",
                     "Der Platz wurde am Bildschirm der Box freigegeben",
                     "The seat was freed on the table's screen"),
    "w_no_longer_phone": ("La nuova partita non ha un telefono a questo posto",
                          "Die neue Partie hat an diesem Platz kein Telefon",
                          "The new game has no phone in this seat"),
    "w_timeout": ("Nessuna risposta: riconnessione", "Keine Antwort: neu verbinden", "No answer: reconnecting"),
    "w_flood": ("Troppi messaggi", "Zu viele Nachrichten", "Too many messages"),
    "w_stopping": ("Il tavolo si spegne", "Die Box schaltet ab", "The table is shutting down"),
    # the touchscreen and the table's messages
    "phone_seat": ("Telefono", "Telefon", "Phone"),
    # {n} phones awaited: {seats} all but the last seat ("1, 2"), {last} the last ("3");
    # one phone (n=1): {seats} is its seat (firmware/app/phoneseats.py: waiting_args)
    "ph_waiting_for": ("Si aspettano i telefoni dei posti {seats} e {last}",
                       "Warten auf die Telefone der Plätze {seats} und {last}",
                       "Waiting for the phones of seats {seats} and {last}"),
    "ph_waiting_for_one": ("Si aspetta il telefono del posto {seats}", "Warten auf das Telefon von Platz {seats}",
                           "Waiting for the phone of seat {seats}"),
    "ph_joined": ("Posto {n}: telefono collegato", "Platz {n}: Telefon verbunden", "Seat {n}: phone connected"),
    "ph_away": ("Posto {n}: telefono scollegato", "Platz {n}: Telefon getrennt", "Seat {n}: phone away"),
    "ph_freed": ("Posto {n} libero: un altro telefono può entrare",
                 "Platz {n} frei: ein anderes Telefon kann beitreten", "Seat {n} freed: another phone may join"),
    "ph_new_codes": ("Codici nuovi: i telefoni possono entrare subito", "Neue Codes: Telefone können sofort beitreten",
                     "New codes: phones can join at once"),
    "ph_declare_on_phone": ("Posto {n}: accusa sul telefono", "Platz {n}: auf dem Telefon ansagen",
                            "Seat {n}: declare on the phone"),
    "ph_refused": ("Questa mossa non è possibile ora", "Dieser Zug geht jetzt nicht", "That move is not possible now"),
    "ph_not_phone_seat": ("Il posto {n} non è un telefono", "Platz {n} ist kein Telefon", "Seat {n} is not a phone"),
    "ph_no_server": ("I telefoni non possono collegarsi: {why}", "Telefone können sich nicht verbinden: {why}",
                     "Phones cannot connect: {why}"),
}
