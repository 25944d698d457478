"""One catalogue for every string on the screen: Italiano, Deutsch, English.

``tr("your_turn", "de")`` → ``"Du bist dran"``; ``tr("waits", "it", name="Anna")``.
A missing key shows itself (``"?key"``) so a forgotten string is seen on the
screenshots, never a crash. Card and suit names come from the engine's decks
(``Deck.name_of(card, lang)``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from firmware.engine.cards import DECKS
from firmware.engine.variants import PRESETS

LANGUAGES: tuple[str, ...] = ("it", "de", "en")
LANGUAGE_NAMES = {"it": "Italiano", "de": "Deutsch", "en": "English"}

# key: (it, de, en)
CATALOGUE: dict[str, tuple[str, str, str]] = {
    # screens
    "home": ("Inizio", "Start", "Home"),
    "table": ("Tavolo", "Tisch", "Table"),
    "stats": ("Statistiche", "Statistik", "Statistics"),
    "settings": ("Impostazioni", "Einstellungen", "Settings"),
    "rules": ("Regole", "Regeln", "Rules"),
    "back": ("Indietro", "Zurück", "Back"),
    "menu": ("Menu", "Menü", "Menu"),
    "quit": ("Esci", "Beenden", "Quit"),
    # home
    "new_game": ("Nuova partita", "Neue Partie", "New match"),
    "start": ("Gioca", "Spielen", "Play"),
    "continue": ("Riprendi la partita", "Partie fortsetzen", "Continue the match"),
    "variant": ("Gioco", "Spiel", "Game"),
    "seats": ("Posti", "Plätze", "Seats"),
    "options": ("Opzioni", "Optionen", "Options"),
    "seat_n": ("Posto {n}", "Platz {n}", "Seat {n}"),
    "human": ("Tu, allo schermo", "Du, am Bildschirm", "You, at the screen"),
    "human_short": ("Tu", "Du", "You"),
    "computer": ("Computer", "Computer", "Computer"),
    "table_seat": ("Carte vere", "Echte Karten", "Real cards"),
    "easy": ("facile", "leicht", "easy"),
    "normal": ("normale", "normal", "normal"),
    "hard": ("difficile", "schwer", "hard"),
    "you": ("Tu", "Du", "You"),
    "partner": ("compagno", "Partner", "partner"),
    "on": ("sì", "an", "on"),
    "off": ("no", "aus", "off"),
    # variants
    "v_tressette2": ("Tressette a due", "Tressette zu zweit", "Tressette for two"),
    "v_treschetten2": ("Treschetten", "Treschetten", "Treschetten"),
    "v_treschetten3": ("Treschetten a tre", "Treschetten zu dritt", "Treschetten for three"),
    "v_treschetten4": ("Treschetten a quattro", "Treschetten zu viert", "Treschetten for four"),
    "v_treseta4": ("Tressette a quattro", "Tressette zu viert", "Tressette for four"),
    "v_tressette4": ("Tressette con onori", "Tressette mit Onori", "Tressette with onori"),
    "v_terziglio3": ("Terziglio", "Terziglio", "Terziglio"),
    "v_chiamata": ("Tressette a chiamata", "Tressette mit Ruf", "Tressette with a call"),
    "v_ciapano": ("Ciapanò", "Ciapanò", "Ciapanò"),
    "v_briscola": ("Tressette con la briscola", "Tressette mit Trumpf", "Tressette with trumps"),
    # options
    "o_accusi": ("Accusi", "Ansagen", "Declarations"),
    "o_target": ("Punti per vincere", "Punkte zum Sieg", "Points to win"),
    "o_open_draws": ("Carte pescate", "Gezogene Karten", "Drawn cards"),
    "o_announce_when": ("Accusare", "Ansagezeit", "Announce"),
    "o_match_format": ("Formato", "Format", "Format"),
    "o_zu_tun": ("Zu tun", "Zu tun", "Zu tun"),
    "o_signals": ("Segnali", "Signale", "Signals"),
    "o_signal_by": ("Chi segnala", "Signale von", "Who signals"),
    "o_striscio_meaning": ("Striscio", "Striscio", "Striscio"),
    "o_cappotto": ("Cappotto", "Cappotto", "Cappotto"),
    "o_revoke": ("Renonce", "Renonce", "Revoke"),
    "o_chiamarsi_fuori": ("Chiamarsi fuori", "Fertigmelden", "Chiamarsi fuori"),
    "o_sudden_wins": ("Vittorie immediate", "Sofortsiege", "Sudden wins"),
    "o_widow": ("Monte", "Witwe", "Widow"),
    "o_aside": ("Carte da parte", "Ablage", "Cards aside"),
    "ov_shown": ("scoperte", "offen", "shown"),
    "shown_by": ("Carte scoperte di {name}", "Offene Karten von {name}", "{name}'s face-up cards"),
    "ov_hidden": ("coperte", "verdeckt", "hidden"),
    "ov_face_up": ("scoperte", "offen", "face up"),
    "ov_face_down": ("coperte", "verdeckt", "face down"),
    "ov_any_time": ("al proprio turno", "am Zug", "at your turn"),
    "ov_after_trick": ("solo di mano", "nach eigenem Stich", "only on lead"),
    "ov_single": ("una partita", "ein Durchgang", "one game"),
    "ov_best_of_two": ("due su tre", "zwei aus drei", "best of two"),
    "ov_none": ("no", "keine", "none"),
    "ov_classic": ("classici", "klassisch", "classic"),
    "ov_alternative": ("alternativi", "alternativ", "alternative"),
    "ov_leader": ("chi apre", "Ausspieler", "leader only"),
    "ov_anyone": ("tutti", "alle", "anyone"),
    "ov_many": ("molte carte", "viele Karten", "many cards"),
    "ov_few": ("una o due basse", "ein, zwei kleine", "few low"),
    "ov_double": ("doppio", "doppelt", "double"),
    "ov_eleven_plus_one": ("11+1", "11+1", "11+1"),
    "ov_cappotto": ("a cappotto", "per Cappotto", "per cappotto"),
    "ov_replay": ("si rigioca", "neu geben", "replay"),
    "ov_as_played": ("come giocata", "wie gespielt", "as played"),
    "ov_winner": ("all'ultima presa", "zum letzten Stich", "to the last trick"),
    # table
    "your_turn": ("Tocca a te", "Du bist dran", "Your turn"),
    "waits": ("Tocca a {name}", "{name} ist dran", "{name} to play"),
    "thinking": ("{name} pensa…", "{name} denkt…", "{name} is thinking…"),
    "declare_turn": ("Tocca a te accusare", "Du bist mit Ansagen dran", "Your turn to declare"),
    "play_real_card": ("{name}: gioca la carta sul tavolo", "{name}: Karte auf den Tisch", "{name}: play your card on the table"),
    "talon": ("Monte", "Talon", "Talon"),
    "widow": ("Monte", "Witwe", "Widow"),
    "last_trick": ("Ultima presa", "Letzter Stich", "Last trick"),
    "last_trick_short": ("Ultima presa", "Letzter Stich", "Last trick"),
    "declare": ("Accusa", "Ansagen", "Declare"),
    "zu_tun_btn": ("Zu tun!", "Zu tun!", "Zu tun!"),
    "claim": ("Mi chiamo fuori", "Fertig melden", "Claim the win"),
    "call": ("Chiama", "Rufen", "Call"),
    "declare_none": ("Niente da accusare", "Nichts anzusagen", "Nothing to declare"),
    "declare_done": ("Fine accusi", "Keine weiteren Ansagen", "No more to declare"),
    "trump": ("Briscola", "Trumpf", "Trump"),
    "score": ("Punti", "Punkte", "Score"),
    "hand_n": ("Mano {n}", "Runde {n}", "Hand {n}"),
    "hand_short": ("mano", "Runde", "hand"),
    "to_target": ("a {n}", "bis {n}", "to {n}"),
    # a seeded run (--seed): its deals are reproducible, and the table says so, small
    "seeded_mark": ("mescolata {n}", "Mischwert {n}", "seeded {n}"),
    "tricks_n": ("prese: {n}", "Stiche: {n}", "tricks: {n}"),
    "dealer": ("mazziere", "Geber", "dealer"),
    "must_follow": ("Devi rispondere a {suit}", "Du musst {suit} bedienen", "You must follow suit: {suit}"),
    "confirm_play": ("Tocca ancora per giocare", "Zum Spielen noch einmal tippen", "Tap again to play"),
    "signals": ("Segnali", "Signale", "Signals"),
    "us": ("Noi", "Wir", "Us"),
    "them": ("Loro", "Sie", "Them"),
    "side_n": ("Coppia {n}", "Partei {n}", "Side {n}"),
    # banners
    "b_declares": ("{name} accusa: {what}", "{name} sagt an: {what}", "{name} declares: {what}"),
    "b_signal": ("{name}: {what}", "{name}: {what}", "{name}: {what}"),
    "b_claim": ("{name} si chiama fuori!", "{name} meldet sich fertig!", "{name} claims the win!"),
    "b_call": ("{name} chiama {what}", "{name} ruft {what}", "{name} calls {what}"),
    "b_call_you": ("Chiami {what}", "Du rufst {what}", "You call {what}"),
    "b_declares_you": ("Tu accusi: {what}", "Du sagst an: {what}", "You declare: {what}"),
    "b_claim_you": ("Ti chiami fuori!", "Du meldest dich fertig!", "You claim the win!"),
    "b_trump": ("Briscola: {what}", "Trumpf: {what}", "Trump: {what}"),
    # signals (RULES.md 3.3, 3.5): the Italian words are the game's own
    "sig_busso": ("busso", "Busso", "busso (knock)"),
    "sig_volo": ("volo", "Volo", "volo (my last)"),
    "sig_striscio": ("striscio", "Striscio", "striscio (slide)"),
    "sig_ribusso": ("ribusso", "Ribusso", "ribusso"),
    "sig_cerco_la_meglio": ("cerco la meglio", "cerco la meglio", "cerco la meglio"),
    "sig_tutto_fuori": ("tutto fuori", "tutto fuori", "tutto fuori"),
    "d_decima": ("napoletana decima di {suit}", "Decima in {suit}", "napoletana decima of {suit}"),
    "b_called": ("Chiamato: {what}", "Gerufen: {what}", "Called: {what}"),
    "called_by": ("{name} chiama", "{name} ruft", "{name} calls"),
    "called_by_you": ("Chiami tu", "Du rufst", "You call"),
    "b_accuso": ("{what}", "{what}", "{what}"),
    "discard": ("Scarta una carta", "Leg eine Karte ab", "Discard a card"),
    "sudden": ("{what}: ×{n}", "{what}: ×{n}", "{what}: ×{n}"),
    "claim_ok": ("Chiamata fuori di {name}: giusta!", "{name} hat sich fertig gemeldet: richtig!", "{name} claimed the win: right!"),
    "claim_wrong": ("Chiamata fuori di {name}: sbagliata", "{name} hat sich fertig gemeldet: falsch", "{name} claimed the win: wrong"),
    # the same said of the screen's own seat, its side, the other side (the grammar differs)
    "claim_ok_you": ("Ti sei chiamato fuori: giusto!", "Du hast dich fertig gemeldet: richtig!", "You claimed the win: right!"),
    "claim_wrong_you": ("Ti sei chiamato fuori: sbagliato", "Du hast dich fertig gemeldet: falsch", "You claimed the win: wrong"),
    "claim_ok_us": ("Ci siamo chiamati fuori: giusto!", "Wir haben uns fertig gemeldet: richtig!", "We claimed the win: right!"),
    "claim_wrong_us": ("Ci siamo chiamati fuori: sbagliato", "Wir haben uns fertig gemeldet: falsch", "We claimed the win: wrong"),
    "claim_ok_them": ("Si sono chiamati fuori: giusto", "Die Gegner haben sich fertig gemeldet: richtig", "They claimed the win: right"),
    "claim_wrong_them": ("Si sono chiamati fuori: sbagliato!", "Die Gegner haben sich fertig gemeldet: falsch!", "They claimed the win: wrong"),
    "we_win": ("Abbiamo vinto!", "Wir haben gewonnen!", "We win!"),
    "we_lose": ("Abbiamo perso", "Wir haben verloren", "We lose"),
    "they_win": ("Hanno vinto loro", "Die Gegner gewinnen", "They win"),
    # what a seat says in its bubble (the bubble is beside it, its tail points at it: no
    # name; my own bubble says who speaks, it may sit where no seat of mine is near)
    "i_say": ("Tu: {text}", "Du: {text}", "You: {text}"),
    "b_claim_said": ("Mi chiamo fuori!", "Ich bin fertig!", "I claim the win!"),
    "b_call_said": ("Chiamo {what}", "Ich rufe {what}", "I call {what}"),
    "v_treseta_hr": ("Trešeta croata", "Trešeta (kroatisch)", "Trešeta (Croatian)"),
    "o_call": ("Con tutti i 3", "Mit allen Dreien", "Holding all 3s"),
    "o_players": ("Giocatori", "Spieler", "Players"),
    "ov_lower": ("chiama più basso", "tiefer rufen", "call lower"),
    "ov_alone": ("da solo", "allein", "play alone"),
    "ov_last_trick": ("all'ultima presa", "zum letzten Stich", "to the last trick"),
    "ov_dealt": ("distribuito", "ausgeteilt", "dealt"),
    # declarations
    "d_napoletana": ("napoletana di {suit}", "Napoli in {suit}", "napoletana of {suit}"),
    "d_three": ("tre {rank} (manca {suit})", "Drei {rank} (ohne {suit})", "three {rank} (no {suit})"),
    "d_four": ("quattro {rank}", "Vier {rank}", "four {rank}"),
    "d_decima_short": ("decima di {suit}", "Decima in {suit}", "decima of {suit}"),
    "d_three_short": ("tre {rank}, manca {suit}", "Drei {rank} ohne {suit}", "three {rank}, no {suit}"),
    "d_three_tiny": ("3×{code} manca {suit}", "3×{code} ohne {suit}", "3×{code} no {suit}"),
    "d_three_open": ("tre {rank}", "Drei {rank}", "three {rank}"),  # real cards: the missing suit comes later
    # end of hand
    "hand_end": ("Fine della mano", "Ende der Runde", "End of hand"),
    "hand_end_n": ("Fine della mano {n}", "Ende der Runde {n}", "End of hand {n}"),
    "match_end": ("Fine della partita", "Ende der Partie", "End of match"),
    "aces": ("Assi", "Asse", "Aces"),
    "thirds": ("Terzi ({ranks}, figure)", "Drittel ({ranks}, Bilder)", "Thirds ({ranks}, courts)"),
    "last_trick_pt": ("Ultima presa", "Letzter Stich", "Last trick"),
    "card_points": ("Punti carte", "Kartenpunkte", "Card points"),
    "partner_row": ("In coppia con", "Partner", "Partnered with"),
    # the seat's own card points, in points with their thirds ("1⅔"): not a count of thirds
    "home_next_match": ("Vale per la prossima partita: quella in corso resta com'è",
                        "Gilt für die nächste Partie: die laufende bleibt, wie sie ist",
                        "For the next match: the one in progress stays as it is"),
    "own_card_points": ("Punti carte propri", "Eigene Kartenpunkte", "Own card points"),
    "pair_card_points": ("Punti carte della coppia", "Kartenpunkte der Partei", "The pair's card points"),
    "declarations": ("Accusi", "Ansagen", "Declarations"),
    "hand_points": ("Punti della mano", "Punkte der Runde", "Points this hand"),
    "match_total": ("Totale", "Gesamt", "Total"),
    "total_short": ("Tot.", "Ges.", "Total"),
    "count": ("Conteggio", "Abrechnung", "The count"),
    "more": ("Altro", "Weitere", "More"),
    "yes": ("Sì", "Ja", "Yes"),
    "no": ("No", "Nein", "No"),
    "ask_quit": ("Chiudere il simulatore?", "Simulator schließen?", "Close the simulator?"),
    "ask_abandon": ("C'è una partita in corso: la lasci e ne cominci una nuova?", "Eine Partie läuft noch: aufgeben und eine neue beginnen?", "A match is still going: give it up and start a new one?"),
    "learn_easy_note": ("La mano guidata si gioca contro il computer facile; dopo torna il tuo livello ({level}).",
                        "Die geführte Runde geht gegen den Computer auf „leicht“; danach gilt wieder dein Level ({level}).",
                        "The guided hand is against the easy computer; your level ({level}) comes back after it."),
    "learn_start_q": ("Iniziare?", "Starten?", "Start?"),
    "ask_declare_first": ("Puoi ancora accusare: {what} (sotto «Altro»). Giocare senza accusare?",
                          "Du kannst noch melden: {what} (unter „Weitere“). Ohne Meldung spielen?",
                          "You can still declare: {what} (under More). Play without declaring?"),
    "ask_claim": ("Ti chiami fuori con circa {n} punti su {target}? Se non bastano, la partita è persa.",
                  "Mit etwa {n} von {target} Punkten fertig melden? Reicht es nicht, ist die Partie verloren.",
                  "Claim the win with about {n} of {target} points? If it is not enough, the match is lost."),
    "ask_claim_one": ("Ti chiami fuori con circa 1 punto su {target}? Se non basta, la partita è persa.",
                      "Mit etwa 1 von {target} Punkten fertig melden? Reicht es nicht, ist die Partie verloren.",
                      "Claim the win with about 1 of {target} points? If it is not enough, the match is lost."),
    "zu_tun_end": ("{name}: zu tun!", "{name}: zu tun!", "{name}: zu tun!"),
    "next_hand": ("Prossima mano", "Nächste Runde", "Next hand"),
    "you_win": ("Hai vinto!", "Du hast gewonnen!", "You win!"),
    "you_lose": ("Hai perso", "Du hast verloren", "You lose"),
    "side_wins": ("Vince {name}", "{name} gewinnt", "{name} wins"),
    "side_wins_you": ("Vinci tu", "Du gewinnst", "You win"),
    "side_wins_us": ("Vinciamo noi", "Wir gewinnen", "We win"),
    "side_wins_them": ("Vincono loro", "Die Gegner gewinnen", "They win"),
    # a match of several games (best of two, seed 000): the hand that decided a game
    "game_won": ("{name} vince la partita", "{name} gewinnt den Durchgang", "Game to {name}"),
    "game_won_you": ("Hai vinto la partita", "Du gewinnst den Durchgang", "Game to you"),
    "game_won_us": ("Abbiamo vinto la partita", "Wir gewinnen den Durchgang", "Game to us"),
    "game_won_them": ("Vincono loro la partita", "Die Gegner gewinnen den Durchgang", "Game to them"),
    "games_score": ("partite {score}", "Durchgänge {score}", "games {score}"),
    "games_won_row": ("Partite vinte", "Gewonnene Durchgänge", "Games won"),
    "tie_play_on": ("Pari: si gioca un'altra mano", "Gleichstand: noch eine Runde", "Tied: another hand"),
    # the table program's messages (firmware/app): notes, refusals, errors
    "m_new_game": ("Nuova partita: {variant}", "Neue Partie: {variant}", "New game: {variant}"),
    "m_resumed": ("Ripresa la partita {match}, alla mano {hand}", "Partie {match} geht weiter, Runde {hand}", "Match {match} resumed at hand {hand}"),
    "m_resumed_not_named": ("Ripresa la partita {match} non finita; i posti scelti valgono dalla prossima partita", "Die offene Partie {match} geht weiter; die gewählten Plätze gelten ab der nächsten Partie", "The unfinished match {match} is resumed; the seats you named start with the next new game"),
    "m_resume_failed": ("La partita salvata {match} non si può riprendere ({why}); resta tra le partite giocate",
                        "Die gespeicherte Partie {match} lässt sich nicht fortsetzen ({why}); sie bleibt unter den gespielten Partien",
                        "The saved match {match} could not be resumed ({why}); it stays among the matches played"),
    "m_hand_over": ("Fine della mano: {score}", "Runde vorbei: {score}", "Hand over: {score}"),
    "m_match_won": ("{side} vince la partita {score}", "{side} gewinnt die Partie {score}",
                    "{side} wins the match {score}"),
    "m_you_win": ("Hai vinto la partita {score}", "Du hast die Partie {score} gewonnen", "You win the match {score}"),
    "m_choose_accuso": ("Posto {n}: scegli l'accuso sullo schermo", "Platz {n}: wähle die Ansage am Bildschirm",
                        "Seat {n}: choose the declaration on the screen"),
    "m_accusi_closed": ("Posto {n}: accusi chiusi", "Platz {n}: Ansagen beendet", "Seat {n}: declarations closed"),
    "m_accusi_next": ("Posto {n}: accusi chiusi. Posto {next}: che cosa accusa?",
                      "Platz {n}: Ansagen beendet. Platz {next}: was wird angesagt?",
                      "Seat {n}: declarations closed. Seat {next}: what is declared?"),
    "sh_rest": ("il resto di {full}", "der Rest von {full}", "the rest of {full}"),
    "sh_decl_points": ("{what}: {n} punti", "{what}: {n} Punkte", "{what}: {n} points"),
    "sh_decl_points_one": ("{what}: 1 punto", "{what}: 1 Punkt", "{what}: 1 point"),
    "m_onori_turn": ("Onori, posto {n}: accusa o «Niente»",
                     "Onori, Platz {n}: ansagen oder „Nichts“",
                     "Onori, seat {n}: declare or “Nothing”"),
    "m_level_now": ("Il posto {n} ora gioca a livello {level}", "Platz {n} spielt jetzt auf Level {level}", "Seat {n} now plays at level {level}"),
    "m_power_off": ("Spegnimento richiesto: il dispositivo si spegne in sicurezza", "Ausschalten angefordert: die Box fährt sicher herunter", "Power off requested: the box shuts down safely"),
    "m_menu_kept": ("Menu: la partita è salvata; «Riprendi la partita» la continua", "Menü: die Partie bleibt gespeichert; „Partie fortsetzen“ setzt sie fort", "Menu: the game is kept; Continue resumes it"),
    "m_menu_again_deal": ("Premi ancora Menu per la prossima mano", "Noch einmal Menü drücken: nächste Runde", "Press Menu again to deal the next hand"),
    "m_menu_again_home": ("Premi ancora Menu per tornare all'inizio", "Noch einmal Menü drücken: zurück zum Start",
                          "Press Menu again for the home screen"),
    "m_reader_back": ("Lettore di carte di nuovo collegato: si riprende a passare le carte", "Kartenleser wieder verbunden: weiter scannen", "Card reader connected again: go on scanning"),
    "m_reader_off": ("Lettore di carte scollegato ({why}); la partita aspetta, niente è perso", "Kartenleser getrennt ({why}); die Partie wartet, nichts geht verloren", "Card reader unplugged ({why}); the game waits, nothing is lost"),
    "m_enrol_scan": ("Passa {card} ({code}), carta {n} di {total}", "Scanne {card} ({code}), Karte {n} von {total}",
                     "Scan {card} ({code}), card {n} of {total}"),
    "m_enrol_complete": ("{deck}: completo", "{deck}: vollständig", "{deck}: complete"),
    "m_enrol_tag_twice": ("Quella etichetta è già {code}: {next}", "Dieses Etikett ist schon {code}: {next}",
                          "That tag is already {code}: {next}"),
    "m_enrolled": ("{deck} registrato: {n} carte", "{deck} eingelernt: {n} Karten", "{deck} enrolled: {n} cards"),
    "m_enrolled_one": ("{deck} registrato: 1 carta", "{deck} eingelernt: 1 Karte", "{deck} enrolled: 1 card"),
    "m_reader_unknown_deck": ("Il lettore non conosce questo mazzo ({deck}): tocca le carte sullo schermo (Impostazioni → Carte vere lo registra)",
                              "Der Leser kennt dieses Blatt ({deck}) nicht: tippe die Karten auf dem Bildschirm an (Einstellungen → Echte Karten lernt es ein)",
                              "The reader does not know this deck ({deck}): tap its cards on the screen (Settings → Real cards enrols it)"),
    "m_enrol_stopped": ("Registrazione interrotta: resta valida quella di prima", "Einlernen abgebrochen: die alte Zuordnung bleibt",
                        "Enrolment stopped: the previous map is kept"),
    "m_journal_moved": ("Archivio illeggibile ({why}); messo da parte come {file}",
                        "Spielarchiv unlesbar ({why}); beiseitegelegt als {file}",
                        "Journal unreadable ({why}); moved aside to {file}"),
    "m_journal_failed": ("Pausa: impossibile salvare ({why}); nuovo tentativo in corso",
                         "Pause: Speichern unmöglich ({why}); neuer Versuch läuft",
                         "Paused: cannot save ({why}); retrying"),
    "j_full": ("memoria piena", "Speicher voll", "disk full"),
    "j_readonly": ("memoria in sola lettura", "schreibgeschützt", "read-only"),
    "j_io": ("errore di lettura/scrittura", "Lese-/Schreibfehler", "I/O error"),
    "m_cards_not_saved": ("{deck} non salvato ({why}): registrazione da ripetere", "{deck} nicht gespeichert ({why}): bitte neu einlernen", "{deck} not saved ({why}): enrol it again"),
    "m_journal_back": ("Salvataggio di nuovo possibile: si riprende", "Speichern geht wieder: es geht weiter",
                       "Saving works again: play resumes"),
    "m_settings_problem": ("Impostazioni: {why}", "Einstellungen: {why}", "Settings: {why}"),
    "m_settings_moved": ("Impostazioni dello schermo illeggibili; messe da parte come {file}, valgono quelle di base",
                         "Bildschirm-Einstellungen unlesbar; beiseitegelegt als {file}, es gelten die Grundeinstellungen",
                         "Settings made on the screen unreadable; moved aside as {file}, the base settings apply"),
    "m_settings_not_saved": ("Impostazione non salvata ({why}): vale fino al riavvio",
                             "Einstellung nicht gespeichert ({why}): gilt bis zum Neustart",
                             "Setting not saved ({why}): it lasts until the restart"),
    "r_bad_setting": ("Valore non valido per {setting}: {value}", "Ungültiger Wert für {setting}: {value}",
                      "Not a valid value for {setting}: {value}"),
    "m_hardware": ("Hardware: {why}", "Hardware: {why}", "Hardware: {why}"),
    "r_no_hand": ("Nessuna mano in corso", "Es wird gerade keine Runde gespielt", "No hand is being played"),
    "r_no_screen_seat": ("Nessuno gioca allo schermo in questa partita", "In dieser Partie spielt niemand am Bildschirm", "Nobody plays at the screen in this game"),
    "r_turn_of": ("Aspetta: tocca al posto {n}", "Warte: Platz {n} ist dran", "Wait: it is seat {n}'s turn"),
    "r_not_held": ("Non hai questa carta: {card}", "Du hast {card} nicht", "You do not hold {card}"),
    "r_onori_in_turn": ("Gli onori si dicono a giro da chi ha fatto la prima presa: tocca al posto {n}", "Onori werden reihum angesagt, ab dem Gewinner des ersten Stichs: Platz {n} ist dran", "Onori go in turn from the first trick's winner: seat {n} now"),
    "r_declare_or_nothing": ("Aspettano te: accusa, oppure tocca «Niente da accusare»", "Alle warten auf dich: ansagen oder „Nichts anzusagen“ tippen", "Everyone is waiting for you: declare, or tap “Nothing to declare”"),
    "r_onori_first": ("Prima gli onori: il posto {n} accusa o dice «Niente da accusare»",
                      "Erst die Onori: Platz {n} sagt an oder „Nichts anzusagen“",
                      "Onori first: seat {n} declares or says “Nothing to declare”"),
    "r_nothing_to_declare": ("Niente da accusare in questa mano", "Nichts anzusagen in dieser Runde",
                             "Nothing to declare in this hand"),
    "r_no_seat": ("Non c'è il posto {n} in questa partita", "In dieser Partie gibt es keinen Platz {n}", "No seat {n} in this game"),
    "r_seat_is_cpu": ("Il posto {n} è del computer", "Platz {n} gehört dem Computer", "Seat {n} is the computer's"),
    "r_cpu_seat": ("Quel posto è del computer", "Dieser Platz gehört dem Computer", "That seat is the computer's"),
    "r_not_recorded": ("Impossibile registrare la mossa ({why})", "Der Zug konnte nicht gespeichert werden ({why})",
                       "Could not record the move ({why})"),
    "people": ("Persone", "Personen", "People"),
    "ps_won_of": ("{w}/{n} vinte", "{w}/{n} gewonnen", "{w}/{n} won"),
    "ps_per_hand": ("{x} a mano", "{x} je Runde", "{x} a hand"),
    "ps_with": ("Con {name}", "Mit {name}", "With {name}"),
    "ps_against": ("Contro {name}", "Gegen {name}", "Against {name}"),
    "who_plays": ("Chi gioca", "Wer spielt", "Who plays"),
    "nobody_named": ("—", "—", "—"),
    "new_name": ("Nuovo", "Neu", "New"),
    "type_name": ("Nome per il posto {n}", "Name für Platz {n}", "Name for seat {n}"),
    "no_people_seats": ("Ogni posto è del computer", "Jeder Platz gehört dem Computer", "Every seat is the computer's"),
    "r_bad_name": ("Questo nome non va: {why}", "Dieser Name geht nicht: {why}", "This name cannot be used: {why}"),
    "name_empty": ("scrivi almeno una lettera", "mindestens ein Zeichen", "type at least one letter"),
    "name_long": ("al massimo 20 caratteri", "höchstens 20 Zeichen", "20 characters at most"),
    "name_character": ("un carattere non si può mostrare", "ein Zeichen lässt sich nicht zeigen", "a character cannot be shown"),
    "r_bad_game": ("Questa partita non può cominciare: {why}", "Diese Partie kann nicht beginnen: {why}", "This game cannot start: {why}"),
    "r_seats_count": ("Questo gioco si gioca in {n}, ma i posti scelti sono {k}: sceglili nella schermata iniziale",
                      "Dieses Spiel hat {n} Plätze, gewählt sind {k}: wähle die Plätze auf dem Startbildschirm",
                      "This game has {n} seats but {k} are set: choose them on the home screen"),
    "r_table_and_human": ("Con le carte vere giocano persone al tavolo e computer: nessun posto «Tu, allo schermo»",
                          "Mit echten Karten spielen Leute am Tisch und Computer: kein Platz „Du, am Bildschirm“",
                          "With real cards, people at the table and computers play: no \"You, at the screen\" seat"),
    "r_bad_level": ("Livello sconosciuto: {level}", "Unbekanntes Level: {level}", "Unknown level: {level}"),
    "r_nothing_to_scan": ("Nessuna partita: niente da passare", "Keine Partie: nichts zu scannen", "No game: nothing to scan for"),
    "r_bad_card_code": ("Carta sconosciuta: {code}", "Unbekannte Karte: {code}", "Unknown card: {code}"),
    "r_no_deck_map": ("Nessun mazzo registrato: registra prima le etichette (Impostazioni → Carte vere)",
                      "Kein Blatt eingelernt: zuerst die Etiketten einlernen (Einstellungen → Echte Karten)",
                      "No deck is enrolled: enrol the deck's tags first (Settings → Real cards)"),
    "r_unknown_tag": ("Etichetta sconosciuta {tag}: non è nel mazzo registrato",
                      "Unbekanntes Etikett {tag}: nicht im eingelernten Blatt",
                      "Unknown card tag {tag}: not in the enrolled deck"),
    "r_scan_ignored": ("Nessuna mano in corso: la carta passata è ignorata", "Keine Runde im Gang: der Scan wird ignoriert",
                       "No hand is being played: the scan is ignored"),
    "r_screen_game": ("Questa partita si gioca sullo schermo, non con carte vere", "Diese Partie wird am Bildschirm gespielt, nicht mit echten Karten", "This game is played on the screen, not with real cards"),
    "r_table_turn": ("Tocca al posto {n}", "Platz {n} ist dran", "It is seat {n}'s turn"),
    "r_no_card_store": ("Nessun archivio per le etichette delle carte", "Kein Speicher für Kartenzuordnungen",
                        "No card map store configured"),
    "r_no_deck": ("Mazzo sconosciuto: {deck}", "Unbekanntes Blatt: {deck}", "No deck {deck}"),
    "r_enrol_done": ("Il mazzo è già completo", "Das Blatt ist schon vollständig", "The deck is already complete"),
    "r_no_declarations": ("Questo gioco non ha accusi", "Dieses Spiel hat keine Ansagen", "This game has no declarations"),
    "n_false_decl": ("Accuso falso del posto {n}: {what} ({why}); non vale niente",
                     "Falsche Ansage von Platz {n}: {what} ({why}); sie zählt nichts",
                     "False declaration by seat {n}: {what} ({why}); it scores nothing"),
    "n_why_played_elsewhere": ("{cards} giocate da un altro posto", "{cards} von einem anderen Platz gespielt",
                               "{cards} played by another seat"),
    "n_why_revoked": ("non ha risposto a {suit} avendo {code}", "hat {suit} nicht bedient, obwohl {code} da war",
                      "did not follow {suit} holding {code}"),
    "n_why_never_played": ("le sue carte non sono mai state giocate", "die Karten wurden nie gespielt",
                           "its cards were never played"),
    "b_accusi_open": ("Accusi aperti: premi il tuo pulsante Accuso", "Ansagen offen: drück deine Accuso-Taste",
                      "Accusi open: press your Accuso button"),
    # real cards (settings → real cards)
    "real_cards": ("Carte vere", "Echte Karten", "Real cards"),
    "deck_italian": ("Mazzo italiano (40)", "Italienisches Blatt (40)", "Italian deck (40)"),
    "deck_bavarian": ("Mazzo tedesco (32)", "Deutsches Blatt (32)", "German deck (32)"),
    "enrolled": ("registrato", "eingelernt", "enrolled"),
    "not_enrolled": ("da registrare", "nicht eingelernt", "not enrolled"),
    "enrol": ("Registra", "Einlernen", "Enrol"),
    "enrol_again": ("Registra di nuovo", "Neu einlernen", "Enrol again"),
    "enrol_stop": ("Interrompi", "Abbrechen", "Stop"),
    "enrol_hint": ("Ogni carta ha un'etichetta: passale tutte una volta, nell'ordine chiesto.",
                   "Jede Karte hat ein Etikett: alle einmal scannen, in der verlangten Reihenfolge.",
                   "Every card has a tag: scan each once, in the order asked."),
    "enrol_next": ("Passa: {card}", "Scanne: {card}", "Scan: {card}"),
    "enrol_progress": ("{n} di {total}", "{n} von {total}", "{n} of {total}"),
    # statistics
    "games": ("Partite", "Partien", "Games"),
    "wins": ("Vinte", "Siege", "Wins"),
    "abandoned_short": ("Lasciate", "Abgebr.", "Left"),
    "win_rate": ("%", "%", "%"),
    "level": ("Livello", "Level", "Level"),
    "score_history": ("Punteggi recenti", "Letzte Ergebnisse", "Recent scores"),
    "no_games": ("Nessuna partita finora", "Noch keine Partien", "No games yet"),
    "history": ("Partite giocate", "Gespielte Partien", "Matches played"),
    "score_sheet": ("Segnapunti", "Punkteliste", "Score sheet"),
    "people_only": ("senza computer", "ohne Computer", "no computer"),
    "hands_n": ("{n} mani", "{n} Runden", "{n} hands"),
    "hands_n_one": ("1 mano", "1 Runde", "1 hand"),
    "rows_of": ("{a}–{b} di {n}", "{a}–{b} von {n}", "{a}–{b} of {n}"),
    "outcome_won": ("Vinta", "Gewonnen", "Won"),
    "outcome_lost": ("Persa", "Verloren", "Lost"),
    "outcome_abandoned": ("Abbandonata", "Abgebrochen", "Abandoned"),
    "outcome_playing": ("In corso", "Läuft noch", "In progress"),
    "outcome_over": ("Finita", "Beendet", "Finished"),
    "won_by": ("Vittoria di {name}", "Sieg für {name}", "Won by {name}"),
    "sheet_game": ("fine partita", "Partieende", "game over"),
    "sheet_claim": ("fuori, giusto", "fertig, richtig", "claimed, right"),
    "sheet_claim_wrong": ("fuori, sbagliato", "fertig, falsch", "claimed, wrong"),
    "sheet_zu_tun": ("zu tun", "zu tun", "zu tun"),
    "sheet_open": ("in corso", "läuft", "in play"),
    "sheet_problem": ("Questa partita non si può più rigiocare", "Diese Partie lässt sich nicht mehr nachspielen",
                      "This match can no longer be replayed"),
    "the_deal": ("la distribuzione", "das Geben", "the deal"),
    "taken_title": ("Le prese di questa mano", "Die Stiche dieser Runde", "The tricks taken this hand"),
    "replay_auto": ("Auto", "Auto", "Auto"),  # the replay plays itself
    "replay_pause": ("Pausa", "Pause", "Pause"),
    "trick_of": ("presa {k} di {n}", "Stich {k} von {n}", "trick {k} of {n}"),
    # settings
    "language": ("Lingua", "Sprache", "Language"),
    "deck_style": ("Carte italiane", "Italienische Karten", "Italian cards"),
    "german_style": ("Carte tedesche", "Deutsche Karten", "German cards"),
    "napoletane": ("Napoletane", "Neapolitaner", "Napoletane"),
    "piacentine": ("Piacentine", "Piacentiner", "Piacentine"),
    "salzburger": ("Salisburghesi", "Salzburger", "Salzburger"),
    "bavarian": ("Bavaresi", "Bayerische", "Bavarian"),
    "sounds": ("Suoni", "Töne", "Sounds"),
    "confirm_points": ("Conferma le carte che danno punti", "Karten mit Punkten bestätigen",
                       "Confirm cards that give points"),
    "brightness": ("Luminosità", "Helligkeit", "Brightness"),
    "speed": ("Velocità", "Tempo", "Game speed"),
    "slow": ("lenta", "langsam", "slow"),
    "fast": ("veloce", "schnell", "fast"),
    "page_n": ("{n} di {m}", "{n} von {m}", "{n} of {m}"),
    # engine refusals: one entry per firmware/engine/refusals.py code (e_<code>),
    # translated from the code and its arguments, never from the English sentence
    "e_not_card_code": ("Codice di carta sconosciuto: {code}", "Unbekannter Kartencode: {code}", "Not a card code: {code}"),
    "e_not_of_deck": ("{code} non è una carta di questo mazzo", "{code} ist keine Karte dieses Blatts", "{code} is not a card of this deck"),
    "e_deal_no_hand": ("La distribuzione non ha la mano del posto {seat}", "Beim Geben fehlt die Hand von Platz {seat}", "The deal has no hand for seat {seat}"),
    "e_deal_card_twice": ("La distribuzione ha una carta due volte", "Beim Geben kommt eine Karte doppelt vor", "The deal holds a card twice"),
    "e_deal_whole_deck": ("La distribuzione deve avere tutto il mazzo", "Beim Geben muss das ganze Blatt dabei sein", "The deal must hold the whole deck"),
    "e_deal_hand_size": ("Il posto {seat} ha {n} carte, ne servono {need}", "Platz {seat} hat {n} Karten, nötig sind {need}", "Seat {seat} has {n} cards; {need} are dealt"),
    "e_deal_hand_size_one": ("Il posto {seat} ha 1 carta, ne servono {need}", "Platz {seat} hat 1 Karte, nötig sind {need}", "Seat {seat} has 1 card; {need} are dealt"),
    "e_deal_aside_size": ("{n} carte messe da parte, ne servono {need}", "{n} Karten abgelegt, nötig sind {need}", "{n} cards aside; {need} are laid aside"),
    "e_deal_aside_size_one": ("1 carta messa da parte, ne servono {need}", "1 Karte abgelegt, nötig sind {need}", "1 card aside; {need} are laid aside"),
    "e_deal_talon_size": ("Il monte ha {n} carte, ne servono {need}", "Der Talon hat {n} Karten, nötig sind {need}", "The talon holds {n} cards; {need} are needed"),
    "e_deal_talon_size_one": ("Il monte ha 1 carta, ne servono {need}", "Der Talon hat 1 Karte, nötig sind {need}", "The talon holds 1 card; {need} are needed"),
    "e_deal_seed": ("Numero di mescolata non valido: {value}", "Ungültiger Mischwert: {value}", "A deal seed must be an integer or hex digits, not {value}"),
    "e_deal_table_needs": ("Carte vere: {what} deve essere un elenco di carte", "Echte Karten: {what} muss eine Kartenliste sein", "Real cards: {what} must be a list of cards"),
    "e_deal_table_card": ("{card} è stata passata due volte", "{card} wurde zweimal gescannt", "{card} was scanned twice"),
    "e_deal_table_trump": ("Passa la carta scoperta del mazziere (la briscola)", "Scanne die offene Karte des Gebers (Trumpf)", "Scan the dealer's shown card (the trump)"),
    "e_deal_table_aside": ("Passa le {need} carte messe da parte", "Scanne die {need} abgelegten Karten", "Scan the {need} cards aside"),
    "e_deal_table_talon": ("Con il monte il computer non può giocare con carte vere (posto {seat})",
                           "Mit Talon kann der Computer nicht mit echten Karten spielen (Platz {seat})",
                           "With a talon the computer cannot play real cards (seat {seat})"),
    "e_match_over": ("La partita è finita", "Die Partie ist vorbei", "The match is over"),
    "e_hand_not_finished": ("La mano non è finita", "Die Runde ist nicht zu Ende", "The hand is not finished"),
    "e_no_hand": ("Nessuna mano in corso", "Es wird gerade keine Runde gespielt", "No hand is being played"),
    "e_undo_no_hand": ("Nessuna mano in corso: niente da riprendere", "Es wird gerade keine Runde gespielt: nichts zurückzunehmen",
                       "No hand is being played: nothing to take back"),
    "e_undo_count": ("Non si possono riprendere {count} di {done} mosse", "{count} von {done} Zügen lassen sich nicht zurücknehmen",
                     "Cannot take back {count} of {done} actions"),
    "e_undo_not_card": ("Si riprende solo da una carta giocata dal posto {seat}",
                        "Zurückgenommen wird nur ab einer Karte von Platz {seat}",
                        "An undo starts at a card seat {seat} played"),
    "e_revoke_not_table": ("Una renonce si chiama solo con le carte vere", "Eine Renonce gibt es nur mit echten Karten",
                           "A revoke is called at a table of real cards"),
    "e_revoke_computer": ("Il posto {seat} è il computer: non fa renonce", "Platz {seat} ist der Computer: er verleugnet nie",
                          "Seat {seat} is the computer: it never revokes"),
    "e_revoke_called": ("Renonce del posto {seat} già chiamata", "Die Renonce von Platz {seat} ist schon angesagt",
                        "Seat {seat}'s revoke was called already"),
    "e_revoke_followed": ("Il posto {seat} ha sempre risposto al seme", "Platz {seat} hat immer Farbe bedient",
                          "Seat {seat} followed suit every time"),
    "e_no_hand_dealt": ("Nessuna mano distribuita", "Es wurde noch nicht gegeben", "No hand has been dealt"),
    "e_hand_over": ("La mano è finita", "Die Runde ist vorbei", "The hand is over"),
    "e_no_seat": ("Non c'è il posto {seat}", "Es gibt keinen Platz {seat}", "There is no seat {seat}"),
    "e_turn_of": ("Aspetta: tocca al posto {seat}", "Warte: Platz {seat} ist dran", "Wait: it is seat {seat}'s turn"),
    "e_wrong_deck": ("Quella carta non è di questo mazzo", "Diese Karte gehört nicht zu diesem Blatt", "That card is not of this deck"),
    "e_not_held": ("Non hai questa carta: {card}", "Du hast {card} nicht", "You do not hold {card}"),
    "e_follow_suit": ("Devi rispondere a {suit}: ne hai {count} ({cards})", "Du musst {suit} bedienen: du hast {count} ({cards})",
                      "You must follow suit: you hold {count} {suit} ({cards})"),
    "e_already_played": ("{card} è già stata giocata (presa {trick})", "{card} wurde schon gespielt (Stich {trick})",
                         "{card} was already played (trick {trick})"),
    "e_card_held_by": ("{card} è nella mano del posto {seat}", "{card} ist in der Hand von Platz {seat}", "{card} is in the hand of seat {seat}"),
    "e_card_aside": ("{card} è tra le carte messe da parte", "{card} liegt bei den abgelegten Karten", "{card} lies aside"),
    "e_showed_void": ("Il posto {seat} ha mostrato di non avere {suit}", "Platz {seat} hat schon gezeigt, dass er {suit} nicht bedienen kann", "Seat {seat} showed it holds no {suit}"),
    "e_no_unknown_cards": ("Le carte del posto {seat} sono tutte note: {cards}", "Alle Karten von Platz {seat} sind bekannt: {cards}",
                           "Every card of seat {seat} is known: {cards}"),
    "e_unknown_action": ("Mossa sconosciuta", "Unbekannter Zug", "Unknown action"),
    "e_first_call": ("Prima il posto {seat} chiama una carta", "Zuerst ruft Platz {seat} eine Karte", "Seat {seat} must first call a card"),
    "e_first_discard": ("Prima il mazziere (posto {seat}) scarta una carta", "Zuerst legt der Geber (Platz {seat}) eine Karte ab",
                        "First the dealer (seat {seat}) lays a card away"),
    "e_discard_not_now": ("Solo il mazziere scarta, prima della prima presa", "Nur der Geber legt ab, vor dem ersten Stich",
                          "Only the dealer lays a card away, before the first trick"),
    "e_no_call": ("In questo gioco non si chiama", "In diesem Spiel wird nicht gerufen", "There is no call in this game"),
    "e_call_not_now": ("Chiama chi è dopo il mazziere, prima della prima carta", "Es ruft der Spieler nach dem Geber, vor der ersten Karte",
                       "The player after the dealer calls, before the first card"),
    "e_call_not_allowed": ("Non puoi chiamare {card}; puoi chiamare {cards}", "Du kannst {card} nicht rufen; rufen kannst du {cards}",
                           "You may not call {card}; you may call {cards}"),
    "e_accusi_off": ("In questa partita non si accusa", "In dieser Partie wird nicht angesagt", "Accusi are off in this game"),
    "e_accusi_before_first": ("Gli accusi si fanno prima della prima carta", "Angesagt wird vor der ersten Karte",
                              "Accusi are made before the first card"),
    "e_accusi_your_turn": ("Si accusa al proprio turno", "Angesagt wird, wenn man dran ist", "You announce at your turn to play"),
    "e_accusi_on_lead": ("Si accusa solo di mano, dopo aver preso", "Angesagt wird nur beim Ausspielen, nach einem eigenen Stich",
                         "You announce only on lead, after winning a trick"),
    "e_accusi_before_yours": ("Gli accusi si fanno prima della tua prima carta", "Angesagt wird vor deiner ersten Karte",
                              "Accusi are made before your first card"),
    "e_accusi_first_card_turn": ("Si accusa al proprio turno, prima della prima carta", "Angesagt wird, wenn man dran ist, vor der ersten Karte",
                                 "You declare at your turn, before your first card"),
    "e_onori_window": ("Gli onori si accusano dopo la prima presa, prima della seconda", "Onori werden nach dem ersten Stich angesagt, vor dem zweiten",
                       "Onori are declared after the first trick, before the second"),
    "e_decima_window": ("La decima si accusa subito dopo la distribuzione o con gli onori", "Die Decima wird gleich nach dem Geben oder mit den Onori angesagt",
                        "A decima is declared right after the deal or with the onori"),
    "e_onori_order": ("Gli onori si dicono a giro dal posto {winner}: il posto {later} ha già accusato dopo di te", "Onori werden reihum ab Platz {winner} angesagt: Platz {later} hat nach dir schon angesagt", "Onori go in turn from seat {winner}; seat {later} has declared after you"),
    "e_first_trick_only": ("Si accusa solo al primo giro", "Angesagt wird nur im ersten Stich", "Announcements only during the first trick"),
    "e_first_trick_turn": ("Si accusa al proprio turno", "Angesagt wird, wenn man dran ist", "You announce at your turn"),
    "e_no_declarations": ("Questo gioco non ha accusi", "Dieses Spiel hat keine Ansagen", "This game has no declarations"),
    "e_napoletana_suit": ("{kind}: di che seme?", "{kind}: welche Farbe?", "{kind}: which suit?"),
    "e_napoletana_missing": ("Niente {kind} di {suit}: servono {ranks}", "{suit}: kein {kind}, nötig sind {ranks}", "No {kind} of {suit}: you need its {ranks}"),
    "e_decima_missing": ("Niente {kind} di {suit}: servono tutte e dieci", "{suit}: keine {kind}, nötig sind alle zehn",
                         "No {kind} of {suit}: you need all ten"),
    "e_decl_rank": ("Tris e poker solo di {ranks}", "Dreier und Vierer nur aus {ranks}", "Three or four of a kind only of {ranks}"),
    "e_decl_count": ("{kind} di {rank}: ne servono esattamente {need}, ne hai {held}",
                     "Du hast {held} Karten vom Rang {rank}; für einen {kind} braucht es genau {need}",
                     "You hold {held} cards of rank {rank}; {kind} needs exactly {need}"),
    "e_decl_missing_suit": ("{kind} di {rank}: manca {suit}, non {given}", "{kind} {rank}: es fehlt {suit}, nicht {given}",
                            "{kind} of {rank} lacks {suit}, not {given}"),
    "e_decl_extension": ("La napoletana di {suit} vale {points}, non {announced}", "Napoli {suit} zählt {points}, nicht {announced}", "The napoletana of {suit} is worth {points}, not {announced}"),
    "e_decl_unknown": ("Accuso sconosciuto", "Unbekannte Ansage", "Unknown declaration"),
    "e_decl_names_missing": ("{kind} di {rank}: di' quale seme manca", "{kind} {rank}: sag, welche Farbe fehlt",
                             "{kind} of {rank}: say which suit it lacks"),
    "e_decl_twice": ("Quell'accuso è già stato fatto in questa mano", "Diese Ansage wurde in dieser Runde schon gemacht",
                     "That combination is already declared this hand"),
    "e_decl_three_after_four": ("Un tris non può seguire il poker dello stesso valore", "Ein Dreier kann nicht auf den Vierer desselben Rangs folgen", "A three cannot follow the four of the same rank"),
    # score sheet only: a hand's count as entered (firmware/engine/scoresheet.py)
    "e_deal_sheet": ("Una mano del segnapunti si scrive solo \"sheet\": true", "Eine Runde mit Punkteliste steht nur als \"sheet\": true im Protokoll",
                     "A score-sheet hand is written only as \"sheet\": true"),
    "e_sheet_not_sheet": ("I punti di una mano si inseriscono solo nel segnapunti", "Punkte einer Runde werden nur bei der Punkteliste eingegeben",
                          "A hand's count is entered only in a score-sheet match"),
    "e_sheet_sides": ("Inserisci i punti di ognuna delle {n} parti", "Gib die Punkte jeder der {n} Parteien ein",
                      "Enter the points of each of the {n} sides"),
    "e_sheet_total": ("I punti inseriti fanno {got} terzi; una mano giocata fino in fondo ne dà {want} (le carte e l'ultima presa)",
                      "Die eingegebenen Punkte ergeben {got} Drittel; eine ausgespielte Runde gibt {want} (die Karten und der letzte Stich)",
                      "The points entered make {got} thirds; a hand played out gives {want} (the cards and the last trick)"),
    "e_sheet_early_total": ("I punti inseriti fanno {got} terzi; prima dell'ultima presa sono al massimo {most}",
                            "Die eingegebenen Punkte ergeben {got} Drittel; vor dem letzten Stich höchstens {most}",
                            "The points entered make {got} thirds; before the last trick there are at most {most}"),
    "e_sheet_decima_total": ("Prima della decima c'è al massimo la prima presa, di una parte sola: al massimo {most} terzi, non {got}",
                             "Vor der Decima ist höchstens der erste Stich genommen, von einer Partei: höchstens {most} Drittel, nicht {got}",
                             "Before a decima at most the first trick is taken, by one side: {most} thirds at most, not {got}"),
    "e_sheet_end": ("Una mano finisce quando è giocata fino in fondo, quando qualcuno si chiama fuori, con lo zu tun o con una decima (e dopo una decima con quella)",
                    "Eine Runde endet ausgespielt, durch Fertigmelden, mit Zu tun oder mit einer Decima (und nach einer Decima mit ihr)",
                    "A hand ends played out, by a claim, by zu tun or by a decima (and after a decima by it)"),
    "e_sheet_partner": ("Di' chi aveva la carta chiamata (il chiamante stesso se ha giocato da solo)",
                        "Sag, wer die gerufene Karte hatte (der Rufer selbst, wenn er allein spielte)",
                        "Say who held the called card (the caller himself if he played alone)"),
    "e_sheet_no_partner": ("In questo gioco non c'è un compagno chiamato", "Hier gibt es keinen gerufenen Partner",
                           "This game has no called partner"),
    "e_sheet_sudden_off": ("{sudden}: non è una vittoria immediata di questo gioco", "{sudden}: hier kein sofortiger Sieg",
                           "{sudden} is not a sudden win of this game"),
    "e_sheet_sudden_side": ("Di' quale parte ha vinto subito", "Sag, welche Partei sofort gewann", "Say which side won suddenly"),
    "e_sheet_sudden_false": ("{sudden} non torna con i punti inseriti: {got} terzi di {want}",
                             "{sudden} passt nicht zu den eingegebenen Punkten: {got} Drittel von {want}",
                             "{sudden} does not fit the points entered: {got} thirds of {want}"),
    "e_decl_impossible": ("{kind} impossibile: {cards} non possono essere in quella mano", "{kind} unmöglich: {cards} können nicht in dieser Hand sein",
                          "{kind} is impossible: {cards} cannot be in that hand"),
    "e_zu_tun_off": ("In questa partita non si gioca lo zu tun", "Zu tun gibt es in dieser Partie nicht", "Zu tun is not played in this game"),
    "e_zu_tun_not_on_lead": ("Zu tun: solo di mano, dopo aver preso", "Zu tun: nur beim Ausspielen, nach dem eigenen Stich",
                             "Zu tun: only on lead, after winning the previous trick"),
    "e_zu_tun_after_win": ("Zu tun: solo dopo aver fatto l'ultima presa", "Zu tun: nur nach dem eigenen Stich", "Zu tun: only after winning the previous trick"),
    "e_zu_tun_talon_empty": ("Zu tun: il monte è vuoto", "Zu tun: der Talon ist leer", "Zu tun: the talon is empty"),
    "e_zu_tun_ten": ("Zu tun: metti un 10 della tua mano sul monte", "Zu tun: lege einen Zehner aus deiner Hand auf den Talon",
                     "Zu tun: lay a 10 from your hand on the talon"),
    "e_zu_tun_short": ("Zu tun: hai {total}, ne servono {target}", "Zu tun: du hast {total}, nötig sind {target}", "Zu tun: you have {total}, the target is {target}"),
    "e_zu_tun_behind": ("Zu tun: hai {total}, l'avversario {other}; ti serve di più", "Zu tun: du hast {total}, der Gegner {other}; du brauchst mehr",
                        "Zu tun: you have {total}, your opponent {other}; you need more"),
    "e_claims_off": ("In questa partita non ci si chiama fuori", "Fertigmelden gibt es in dieser Partie nicht", "Chiamarsi fuori is not played in this game"),
    "e_claim_not_started": ("La mano non è ancora cominciata", "Die Runde hat noch nicht begonnen", "The hand has not started"),
    "e_signals_none": ("Questo gioco non ha segnali", "Dieses Spiel hat keine Signale", "This game has no signals"),
    "e_signal_unknown": ("{name} non è un segnale di questo sistema", "{name} ist kein Signal dieses Systems", "{name} is not a signal of this system"),
    "e_signal_twice": ("Un segnale si dà una volta per carta", "Ein Signal gibt es einmal pro Karte", "A signal is given once per card"),
    "e_signal_leader_only": ("Segnala solo chi apre la presa", "Signalisieren darf nur, wer ausspielt", "Only the player who leads the trick may signal"),
    "e_volo_false": ("Volo dev'essere vero: a {suit} ne hai ancora {left}", "Volo muss stimmen: du hast noch {left} {suit}",
                     "Volo must be true: you still hold {left} more {suit}"),
    "e_busso_false": ("Busso dev'essere vero: non hai la più alta di {suit} ancora in gioco", "Busso muss stimmen: du hast nicht die höchste {suit}-Karte im Spiel",
                      "Busso must be true: you do not hold the highest unplayed {suit}"),
    "e_ribusso_false": ("Ribusso dev'essere vero: non hai la seconda di {suit} ancora in gioco", "Ribusso muss stimmen: du hast nicht die zweithöchste {suit}-Karte im Spiel",
                        "Ribusso must be true: you do not hold the second-highest unplayed {suit}"),
    # declarations named by kind (Bavarian tables say Napoli, Dreier, Vierer)
    "k_napoletana": ("napoletana", "Napoli", "napoletana"),
    "k_three": ("tris", "Dreier", "three of a kind"),
    "k_four": ("poker", "Vierer", "four of a kind"),
    "k_decima": ("napoletana decima", "Decima", "napoletana decima"),
    "m_scan_trump": ("Passa la carta scoperta del mazziere: è la briscola", "Scanne die offene Karte des Gebers: sie ist Trumpf",
                     "Scan the dealer's shown card: it is the trump"),
    "m_scan_aside": ("Passa le carte messe da parte, coperte: {n} di {m}", "Scanne die abgelegten Karten, verdeckt: {n} von {m}",
                     "Scan the cards aside, face down: {n} of {m}"),
    "m_scan_cpu_hand": ("Passa le carte del computer (posto {seat}), coperte: {n} di {m}",
                        "Scanne die Karten des Computers (Platz {seat}), verdeckt: {n} von {m}",
                        "Scan the computer's cards (seat {seat}), face down: {n} of {m}"),
    # the card picker (real cards without a reader: one tap names the card laid)
    "m_pick_trump": ("Tocca la carta scoperta del mazziere: è la briscola", "Tippe die offene Karte des Gebers an: sie ist Trumpf",
                     "Tap the dealer's shown card: it is the trump"),
    "m_pick_aside": ("Tocca le carte messe da parte: {n} di {m}", "Tippe die abgelegten Karten an: {n} von {m}",
                     "Tap the cards aside: {n} of {m}"),
    "m_pick_cpu_hand": ("Tocca le carte del computer (posto {seat}): {n} di {m}",
                        "Tippe die Karten des Computers an (Platz {seat}): {n} von {m}",
                        "Tap the computer's cards (seat {seat}): {n} of {m}"),
    "pick_play": ("Posto {n}: tocca la carta giocata", "Platz {n}: tippe die gespielte Karte an", "Seat {n}: tap the card played"),
    "pick_discard": ("Posto {n}: tocca la carta scartata", "Platz {n}: tippe die abgelegte Karte an", "Seat {n}: tap the card laid away"),
    "r_card_again": ("{why}: {how}", "{why}: {how}", "{why}: {how}"),
    "how_tap_card": ("tocca la carta che giochi", "tippe die Karte an, die du spielst", "tap the card you are playing"),
    "how_scan_card": ("passa la carta che giochi", "scanne die Karte, die du spielst", "scan the card you are playing"),
    "m_trick_taken": ("Presa {trick} al posto {n}", "Stich {trick} an Platz {n}", "Trick {trick} to seat {n}"),
    "picker_hide": ("Tavolo", "Spieltisch", "Table"),
    "picker_show": ("Carte", "Karten", "Cards"),
    # the card picker's corrections (issue 36): the last card taken back, a hand abandoned
    "picker_take_back": ("Riprendi", "Karte zurück", "Take back"),
    "picker_take_back_seat": ("posto {n}", "Platz {n}", "seat {n}"),
    "picker_take_back_aside": ("a parte", "beiseite", "aside"),
    "m_taken_back_aside": ("Ripresa: {card} (a parte)", "Zurückgenommen: {card} (beiseite)", "Taken back: {card} (aside)"),
    "picker_abandon": ("Mano nulla", "Runde abbrechen", "Abandon hand"),
    "ask_abandon_hand": ("Dichiarare nulla questa mano? Nessuno prende punti e il posto {n} distribuisce di nuovo.",
                    "Diese Runde abbrechen? Niemand bekommt Punkte, und Platz {n} gibt noch einmal.",
                    "Abandon this hand? Nobody scores, and seat {n} deals again."),
    "ask_last_card": ("Posto {n}, {card}: è l'ultima carta, la mano finisce. Confermi?",
                      "Platz {n}, {card}: die letzte Karte, die Runde endet. Bestätigen?",
                      "Seat {n}, {card}: the last card, the hand ends. Confirm?"),
    # a revoke (renonce) at a table of real cards (issue 36; RULES.md §3.7)
    "revoke_btn": ("Renonce!", "Renonce!", "Revoke!"),
    "revoke_end": ("Renonce del posto {n} ({what})", "Renonce von Platz {n} ({what})", "Revoke by seat {n} ({what})"),
    "revoke_who": ("Chi ha fatto renonce?", "Wer hat verleugnet?", "Who revoked?"),
    "revoke_seat_btn": ("Posto {n}", "Platz {n}", "Seat {n}"),
    "m_revoke_seen": ("Il posto {n} ha fatto renonce nella presa {trick} (non ha risposto a {suit})",
                      "Platz {n} hat im Stich {trick} verleugnet ({suit} nicht bedient)",
                      "Seat {n} revoked in trick {trick} (did not follow {suit})"),
    "ask_revoke": ("Renonce del posto {n}: {what}.{ends} Confermi?",
                   "Renonce von Platz {n}: {what}.{ends} Bestätigen?",
                   "Revoke by seat {n}: {what}.{ends} Confirm?"),
    "revoke_cappotto": ("mano persa a cappotto, punti {score}", "Runde per Cappotto verloren, Stand {score}",
                        "the hand is lost per cappotto, totals {score}"),
    "revoke_replay": ("nessun punto, il posto {n} distribuisce di nuovo", "keine Punkte, Platz {n} gibt noch einmal",
                      "no points, seat {n} deals again"),
    "revoke_as_played": ("le carte contano come giocate", "die Karten zählen wie gespielt", "the cards count as played"),
    "revoke_ends_match": (" La partita finisce.", " Damit endet die Partie.", " This ends the match."),
    "m_revoke_cappotto": ("Renonce del posto {n}: mano persa a cappotto ({score})",
                          "Renonce von Platz {n}: Runde per Cappotto verloren ({score})",
                          "Revoke by seat {n}: the hand is lost per cappotto ({score})"),
    "m_revoke_replay": ("Renonce del posto {n}: nessun punto, il posto {dealer} distribuisce di nuovo",
                        "Renonce von Platz {n}: keine Punkte, Platz {dealer} gibt noch einmal",
                        "Revoke by seat {n}: no points, seat {dealer} deals again"),
    "m_revoke_as_played": ("Renonce del posto {n}: le carte contano come giocate",
                           "Renonce von Platz {n}: die Karten zählen wie gespielt",
                           "Revoke by seat {n}: the cards count as played"),
    "r_revoke_changed": ("Nel frattempo è cominciata un'altra mano: renonce non chiamata",
                         "Inzwischen läuft eine andere Runde: keine Renonce angesagt",
                         "Another hand has begun meanwhile: no revoke was called"),
    "sheet_revoke": ("renonce", "Renonce", "revoke"),
    "sheet_abandoned": ("mano nulla", "abgebrochen", "abandoned"),
    "m_taken_back": ("Ripresa: {card} (posto {n})", "Zurückgenommen: {card} (Platz {n})", "Taken back: {card} (seat {n})"),
    "m_abandoned": ("Mano nulla, nessun punto: il posto {n} distribuisce di nuovo",
                    "Runde abgebrochen, keine Punkte: Platz {n} gibt noch einmal",
                    "Hand abandoned, no points: seat {n} deals again"),
    "r_take_back_changed": ("La carta da riprendere è cambiata: guarda di nuovo", "Die zurückzunehmende Karte hat sich geändert: sieh noch einmal hin",
                            "The card to take back has changed: look again"),
    "r_abandon_changed": ("Nel frattempo è cominciata un'altra mano: non è stata annullata",
                          "Inzwischen läuft eine andere Runde: sie wurde nicht abgebrochen",
                          "Another hand has begun meanwhile: it was not abandoned"),
    "e_correct_nothing": ("Nessuna carta da riprendere ora", "Jetzt ist keine Karte zurückzunehmen", "No card to take back now"),
    "e_correct_not_last": ("L'ultima carta inserita è {card} del posto {seat}", "Die zuletzt eingegebene Karte ist {card} von Platz {seat}",
                           "The last card entered is {card} of seat {seat}"),
    "e_correct_too_far": ("{card} del posto {seat} è in una presa precedente: si riprendono solo la presa in corso e l'ultima",
                          "{card} von Platz {seat} liegt in einem früheren Stich: zurück geht es nur im laufenden und im letzten Stich",
                          "{card} of seat {seat} lies in an earlier trick: only the trick being played and the last one can be corrected"),
    "e_abandon_not_table": ("Si annulla solo una mano di carte vere", "Abbrechen lässt sich nur eine Runde mit echten Karten",
                            "Only a hand of real cards can be abandoned"),
    "e_abandon_dealer": ("Distribuisce di nuovo il mazziere di questa mano, il posto {seat}", "Es gibt noch einmal der Geber dieser Runde, Platz {seat}",
                         "The dealer of this hand, seat {seat}, deals again"),
    # the picker's label of a court card under its face, as each language writes it
    # (the face keeps the deck's own index, R C F, as printed on Italian cards)
    "court_R": ("R", "K", "K"),
    "court_C": ("C", "R", "N"),
    "court_F": ("F", "B", "J"),
    # score sheet only (segnapunti)
    "m_sheet_hand": ("Mano {n}: distribuisce il posto {seat}. Giocate con le vostre carte; alla fine inserite i punti",
                     "Runde {n}: Platz {seat} gibt. Spielt mit euren Karten; am Ende die Punkte eingeben",
                     "Hand {n}: seat {seat} deals. Play your own cards; enter the points at the end"),
    "scoresheet": ("Segnapunti", "Punkteliste", "Score sheet"),
    "r_sheet_no_cards": ("Segnapunti: le carte non si passano, alla fine si inseriscono i punti",
                         "Punkteliste: keine Karten scannen, am Ende die Punkte eingeben",
                         "Score sheet: no cards are scanned; enter the points at the end"),
    "sh_title": ("Mano {n}: i punti presi", "Runde {n}: die Punkte", "Hand {n}: the points taken"),
    "sh_choose": ("Posto {n}: che cosa accusa?", "Platz {n}: was wird angesagt?", "Seat {n}: what is declared?"),
    "sh_enter": ("Conta la mano", "Runde zählen", "Count the hand"),
    "sh_end_play": ("Mano giocata fino in fondo", "Ausgespielt", "Played out"),
    "sh_end_claim": ("Si chiama fuori: posto {n}", "Fertig gemeldet: Platz {n}", "Claim: seat {n}"),
    "sh_end_zu_tun": ("Zu tun: posto {n}", "Zu tun: Platz {n}", "Zu tun: seat {n}"),
    "sh_end_decima": ("Decima: posto {n}", "Decima: Platz {n}", "Decima: seat {n}"),
    "m_sheet_decima": ("Decima del posto {n}: inserite i punti presi prima (nessuno se detta subito)",
                       "Decima von Platz {n}: gebt die Punkte davor ein (keine, wenn gleich angesagt)",
                       "Decima by seat {n}: enter the points taken before it (none if said at once)"),
    "sh_sudden_none": ("Nessuna vittoria immediata", "Kein sofortiger Sieg", "No sudden win"),
    "sh_sudden": ("{what}: {side}", "{what}: {side}", "{what}: {side}"),
    "sh_partner": ("Compagno del chiamante: posto {n}", "Partner des Rufers: Platz {n}", "Caller's partner: seat {n}"),
    # score sheet corrections: taps that end a hand or the match ask first; undo; a hand corrected
    "q_sheet_decima": ("Decima del posto {n}: la mano finisce e {side} vince {what} ×16. Confermi?",
                       "Decima von Platz {n}: die Runde endet, {side} gewinnt {what} ×16. Bestätigen?",
                       "Decima by seat {n}: the hand ends and {side} wins {what} ×16. Confirm?"),
    "q_the_match": ("la partita", "die Partie", "the match"),
    "q_the_game": ("la partita", "den Durchgang", "the game"),
    "q_sheet_sudden": ("{what} della coppia {n}", "{what} von Partei {n}", "{what} for side {n}"),
    "q_sheet_match": ("{what}: {who} vince la partita {score}. Confermi?", "{what}: {who} gewinnt die Partie {score}. Bestätigen?",
                      "{what}: {who} wins the match {score}. Confirm?"),
    "q_sheet_game": ("{what}: {who} vince la partita {n} ({score}). Confermi?",
                     "{what}: {who} gewinnt Durchgang {n} ({score}). Bestätigen?",
                     "{what}: {who} wins game {n} ({score}). Confirm?"),
    "q_sheet_goes_on": ("{what}: la partita continua ({score}). Confermi?", "{what}: die Partie geht weiter ({score}). Bestätigen?",
                        "{what}: the match goes on ({score}). Confirm?"),
    "q_sheet_match_x": ("{what}: {who} vince la partita, ×{x}. Confermi?", "{what}: {who} gewinnt die Partie, ×{x}. Bestätigen?",
                        "{what}: {who} wins the match, ×{x}. Confirm?"),
    "q_end_claim": ("Il posto {n} si chiama fuori", "Platz {n} meldet sich fertig", "Claim by seat {n}"),
    "q_end_zu_tun": ("Zu tun del posto {n}", "Zu tun von Platz {n}", "Zu tun by seat {n}"),
    "q_end_decima": ("Decima del posto {n}", "Decima von Platz {n}", "Decima by seat {n}"),
    "m_match_won_x": ("{side} vince la partita, ×{x}", "{side} gewinnt die Partie, ×{x}", "{side} wins the match, ×{x}"),
    "review_sheet": ("Segnapunti: le carte erano del tavolo, nessuna carta da valutare. I punti delle mani:",
                     "Punkteliste: gespielt mit den eigenen Karten, keine Karte zu bewerten. Die Punkte der Runden:",
                     "Score sheet: played with the table's own cards, no card to rate. The hands' points:"),
    "sh_own_cards": ("Segnapunti: giocata con le carte del tavolo", "Punkteliste: mit den eigenen Karten gespielt",
                     "Score sheet: played with the table's own cards"),
    "ask_zu_tun": ("Zu tun con {card}: la partita finisce qui. Confermi?", "Zu tun mit {card}: der Durchgang endet hier. Bestätigen?",
                   "Zu tun with {card}: the game ends here. Confirm?"),
    "q_sheet_amended": ("Mano {n} corretta", "Runde {n} berichtigt", "Hand {n} corrected"),
    "sh_confirm": ("Conferma", "Bestätigen", "Confirm"),
    "sh_undo": ("Annulla l'ultima voce", "Letzte Eingabe zurück", "Undo last entry"),
    "sh_sheet": ("Segnapunti", "Punkteliste", "Score sheet"),
    "sh_amend_title": ("Mano {n}: correggi i punti", "Runde {n}: Punkte berichtigen", "Hand {n}: correct the points"),
    "sh_was": ("prima: {points}", "vorher: {points}", "was: {points}"),
    "sheet_corrected": ("corretta", "berichtigt", "corrected"),
    "m_sheet_not_entered": ("Non inserito: niente è stato scritto", "Nicht eingetragen: nichts wurde gespeichert",
                            "Not entered: nothing was written"),
    "m_sheet_amend": ("Mano {n}: correggi i punti, poi Conta la mano", "Runde {n}: Punkte berichtigen, dann Runde zählen",
                      "Hand {n}: correct its points, then Count the hand"),
    "m_sheet_amended": ("Mano {n} corretta: {score}", "Runde {n} berichtigt: {score}", "Hand {n} corrected: {score}"),
    "m_sheet_undone": ("Ultima voce annullata: {score}", "Letzte Eingabe zurückgenommen: {score}", "Last entry taken back: {score}"),
    "e_sheet_undo_nothing": ("In questa mano non è stato inserito niente da annullare", "In dieser Runde ist nichts zurückzunehmen",
                             "Nothing has been entered in this hand to take back"),
    "e_sheet_amend_hand": ("La mano {hand} non ha ancora punti da correggere", "Runde {hand} hat noch keine Punkte zum Berichtigen",
                           "Hand {hand} has no count to correct"),
    "e_sheet_amend_later": ("Con questi punti una voce successiva non torna più (mano {hand})",
                            "Mit diesen Punkten passt eine spätere Eingabe nicht mehr (Runde {hand})",
                            "With this count a later entry no longer fits (hand {hand})"),
    "e_sheet_amend_ends": ("Con questi punti la partita finisce alla mano {hand}, ma dopo ci sono altre voci",
                           "Mit diesen Punkten endet die Partie in Runde {hand}, doch danach gibt es Eingaben",
                           "With this count the match ends at hand {hand}, but later hands have entries"),
    "m_deal_scanned": ("Carte passate: si gioca", "Karten erfasst: es wird gespielt", "Cards scanned: play"),
    "n_why_had_four": ("ha giocato anche {cards}: ne aveva quattro", "hat auch {cards} gespielt: er hatte vier", "also played {cards}: he held four"),
    # simulator panel
    "sim_buttons": ("Pulsanti", "Tasten", "Buttons"),
    "sim_display": ("Display", "Anzeige", "Display"),
    "sim_reader_on": ("collegato", "verbunden", "online"),
    "sim_reader_off": ("SCOLLEGATO", "GETRENNT", "OFFLINE"),
    "sim_reader": ("Lettore di carte", "Kartenleser", "Card reader"),
    "sim_accuso": ("Accuso {n}", "Accuso {n}", "Accuso {n}"),
}

# The coach's words live beside it (ui/i18n_coach.py): one catalogue, two files.
from ui.i18n_coach import COACH  # noqa: E402

CATALOGUE.update({k: v for k, v in COACH.items() if k not in CATALOGUE})
from ui.i18n_guide import GUIDE  # noqa: E402  (the guided first hand's lessons)

CATALOGUE.update({k: v for k, v in GUIDE.items() if k not in CATALOGUE})

# The phone seats' words (ui/i18n_phones.py), likewise.
from ui.i18n_phones import PHONES  # noqa: E402

CATALOGUE.update({k: v for k, v in PHONES.items() if k not in CATALOGUE})

# The phone page's and the join screen's words (ui/i18n_web.py).
from ui.i18n_web import WEB  # noqa: E402

CATALOGUE.update({k: v for k, v in WEB.items() if k not in CATALOGUE})

# The network's words and the on-screen keyboard's (ui/i18n_network.py).
from ui.i18n_network import NETWORK  # noqa: E402

CATALOGUE.update({k: v for k, v in NETWORK.items() if k not in CATALOGUE})


# ------------------------------------------------------------ app messages
# The table program (firmware/app) says things in no language: a catalogue key
# and its arguments. Arguments that are words themselves (a card, a suit, a
# level) travel as small values and are named in the reader's language here.


@dataclass(frozen=True, slots=True)
class Term:
    """A catalogue word used as an argument (``Term("hard")`` → "difficile")."""

    key: str


@dataclass(frozen=True, slots=True)
class CardName:
    """A card named in the reader's language: ``CardName("italian", card)`` → "tre di coppe"."""

    deck: str
    card: int


@dataclass(frozen=True, slots=True)
class SuitName:
    deck: str
    suit: int


@dataclass(frozen=True, slots=True)
class DeclName:
    """A declaration (accuso) named as the table screen names it."""

    deck: str
    kind: str
    suit: int | None = None
    rank: int | None = None
    missing: int | None = None


@dataclass(frozen=True, slots=True)
class Amount:
    """Points (an expected loss) said in the game's unit, the nearest third, with the word
    for points in its number: "⅓ di punto", "1 punto e ⅓", "2 Punkte", "under ⅓ of a point"."""

    value: float


def thirds_glyphs(thirds: int) -> str:
    """7 thirds → "2⅓", 2 → "⅔", 0 → "0"."""
    whole, rest = divmod(thirds, 3)
    frac = ("", "⅓", "⅔")[rest]
    return frac if whole == 0 and frac else f"{whole}{frac}"


def amount_text(value: float, lang: str) -> str:
    """An expected loss in points as a player says it, to the nearest third (the game's unit):
    ``0.42`` → "⅓ di punto"; ``1.4`` → "1 punto e ⅓" / "1⅓ Punkte" / "1⅓ points"; a loss
    above zero that rounds to none is "under a third", never "0"."""
    thirds = round(value * 3)
    if thirds == 0:
        return tr("pts_under" if value > 0.005 else "pts_none", lang)
    whole, rest = divmod(thirds, 3)
    frac = ("", "⅓", "⅔")[rest]
    if whole == 0:
        return tr("pts_frac", lang, frac=frac)
    if rest == 0:
        return tr("pts_1" if whole == 1 else "pts_n", lang, n=whole)
    return tr("pts_1_frac" if whole == 1 else "pts_n_frac", lang, n=whole, frac=frac)


Arg = Union[str, int, Term, CardName, SuitName, DeclName, Amount, "Message"]


@dataclass(frozen=True, slots=True)
class Message:
    """Something to tell the people at the table: a catalogue ``key`` + ``args``.

    ``text`` is shown as given when there is no key (a rare engine refusal has
    only its English reason); with a key it is ignored. Falsy when empty.
    """

    key: str = ""
    args: tuple[tuple[str, Arg], ...] = ()
    text: str = ""

    def __bool__(self) -> bool:
        return bool(self.key or self.text)


def msg(key: str, /, **args: Arg) -> Message:
    """``msg("r_not_held", card=CardName("italian", 5))``."""
    return Message(key, tuple(args.items()))


def arg_text(value: object, lang: str) -> str:
    if isinstance(value, Message):
        return render(value, lang)
    if isinstance(value, Term):
        return tr(value.key, lang)
    if isinstance(value, CardName):
        return DECKS[value.deck].name_of(value.card, lang)
    if isinstance(value, SuitName):
        return DECKS[value.deck].suit_name(value.suit, lang)
    if isinstance(value, DeclName):
        return describe_declare(value.deck, value.kind, value.suit, value.rank, value.missing, lang)
    if isinstance(value, Amount):
        return amount_text(value.value, lang)
    return str(value)


def render(message: Message | str, lang: str) -> str:
    """A message in ``lang``; a plain string is shown as given."""
    if isinstance(message, str):
        return message
    if not message.key:
        return message.text
    return tr(message.key, lang, **{k: arg_text(v, lang) for k, v in message.args})


GERMAN_DATIVE = {"Kelch": "Kelchen", "Kelche": "Kelchen", "Schwerter": "Schwertern", "Stäbe": "Stäben",
                 "Schell": "Schellen"}
# "tre assi", "Drei Asse", "three aces": a three or four of a kind names its rank in the
# plural, as said at the table (seed 000: „Drei Zehner“, „Vier Assen“; seed 002: die Dreien)
RANK_PLURAL: dict[str, dict[str, str]] = {
    "it": {"3": "tre", "2": "due", "A": "assi", "10": "dieci", "9": "nove"},
    "de": {"3": "Dreien", "2": "Zweien", "A": "Asse", "10": "Zehner", "9": "Neuner"},
    "en": {"3": "3s", "2": "2s", "A": "aces", "10": "10s", "9": "9s"},
}


def describe_declare(deck_name: str, kind: str, suit: int | None, rank: int | None,
                     missing: int | None, lang: str) -> str:
    """A declaration's name: "napoletana di coppe", "tre assi (manca spade)"."""

    deck = DECKS[deck_name]
    if kind in ("napoletana", "decima") and suit is not None:
        name = deck.suit_name(suit, lang)
        if lang == "de":  # "Napoli in Stäben": the dative of the plural suit names
            name = GERMAN_DATIVE.get(name, name)
        return tr("d_" + kind, lang, suit=name)
    rank_code = deck.ranks[rank or 0]
    rank_code = RANK_PLURAL.get(lang, {}).get(rank_code, rank_code)
    if kind == "four":
        return tr("d_four", lang, rank=rank_code)
    if missing is None:
        return tr("d_three_open", lang, rank=rank_code)
    return tr("d_three", lang, rank=rank_code, suit=deck.suit_name(missing, lang))


def declare_labels(deck_name: str, kind: str, suit: int | None, rank: int | None,
                   missing: int | None, lang: str) -> list[str]:
    """A declaration's names for its button, the full one first, then shorter ones: the
    kind is abbreviated, never the suit a three lacks (it is the point of declaring)."""
    full = describe_declare(deck_name, kind, suit, rank, missing, lang)
    if kind == "decima" and suit is not None:
        name = DECKS[deck_name].suit_name(suit, lang)
        return [full, tr("d_decima_short", lang, suit=GERMAN_DATIVE.get(name, name) if lang == "de" else name)]
    if kind != "three" or missing is None:
        return [full]
    deck = DECKS[deck_name]
    code = deck.ranks[rank or 0]
    plural = RANK_PLURAL.get(lang, {}).get(code, code)
    name = deck.suit_name(missing, lang)
    return [full, tr("d_three_short", lang, rank=plural, suit=name), tr("d_three_tiny", lang, code=code, suit=name)]


def tr(key: str, lang: str = "it", /, **args: object) -> str:
    """``key`` in ``lang``; with ``n=1`` the singular ``key_one`` where there is one
    ("1 mano", not "1 mani"; tests/ui/test_wording.py finds the templates that need one)."""
    if "n" in args and str(args["n"]) == "1" and key + "_one" in CATALOGUE:
        key += "_one"
    row = CATALOGUE.get(key)
    if row is None:
        return "?" + key
    text = row[LANGUAGES.index(lang) if lang in LANGUAGES else 0]
    return text.format(**args) if args else text


def has(key: str) -> bool:
    return key in CATALOGUE


# The templates whose {name} is the subject of the verb: "CPU 2 chiama" reads well, "Tu
# chiama" / "Du ruft" / "You calls" do not. Each has a "_you" form for the person's own
# seat (and "_us"/"_them" where a pair may be meant); ``said_by`` picks it.
SUBJECT_KEYS: tuple[str, ...] = (
    "called_by", "b_call", "b_declares", "b_claim", "claim_ok", "claim_wrong", "side_wins", "game_won",
)


def said_by(key: str, lang: str, name: str, who: str = "", /, **args: object) -> str:
    """``tr(key, name=name)`` in the grammar of who speaks: ``who`` is "you" (the person's own
    seat), "us" (their pair), "them" (another pair) or "" (a seat by its name)."""
    if who and has(f"{key}_{who}"):
        return tr(f"{key}_{who}", lang, **args)
    return tr(key, lang, name=name, **args)


def option_label(key: str, lang: str) -> str:
    return tr("o_" + key, lang) if has("o_" + key) else key.replace("_", " ")


def value_label(value: object, lang: str) -> str:
    if isinstance(value, bool):
        return tr("on" if value else "off", lang)
    if isinstance(value, str) and has("ov_" + value):
        return tr("ov_" + value, lang)
    return str(value).replace("_", " ")


def variant_label(name: str, lang: str, fallback: str = "") -> str:
    return tr("v_" + name, lang) if has("v_" + name) else (fallback or name)


# ---------------------------------------------------------------- rules pages
# Short but real, from RULES.md: (title, body) per page, per language.

RULES_PAGES: dict[str, list[tuple[str, str]]] = {
    "it": [
        (
            "Carte e punti",
            "Mazzo italiano da 40 carte (coppe, denari, spade, bastoni). Dalla più forte: "
            "3, 2, Asso, Re, Cavallo, Fante, 7, 6, 5, 4.\n"
            "L'asso vale 1 punto; 3, 2 e figure valgono un terzo; 7, 6, 5, 4 niente. "
            "L'ultima presa vale 1 punto. Contano solo i punti interi: i terzi avanzati si perdono. "
            "Carte e ultima presa fanno 11 punti: tra due parti (due giocatori o due coppie) una mano vale sempre 11 punti, accusi esclusi; tra tre o più, i terzi persi possono lasciarne 10.",
        ),
        (
            "Come si gioca",
            "Chi è di mano gioca una carta qualsiasi; gli altri devono rispondere al seme se possono. "
            "Non c'è briscola: prende la carta più alta del seme giocato. "
            "Non c'è obbligo di prendere.",
        ),
        (
            "Tressette a due",
            "Dieci carte a testa, venti nel monte. Dopo ogni presa pesca prima chi ha preso, poi "
            "l'altro; le carte pescate si mostrano. Finito il monte si giocano le ultime dieci carte. "
            "Si vince a 21 (o 31, 41); se entrambi arrivano, vince chi ha di più; se sono pari si gioca ancora.",
        ),
        (
            "Accusi",
            "A inizio mano: napoletana (3, 2, Asso dello stesso seme) 3 punti, più uno per ogni carta "
            "che continua la scala (4, 5, …); tre 3, tre 2 o tre assi 3 punti; tutti e quattro 4 punti. "
            "Le carte accusate restano scoperte; un tris dice il seme che manca.",
        ),
        (
            "Treschetten",
            "Mazzo tedesco da 32 carte: 10, 9, Asso, Re, Ober, Unter, 8, 7. Il 10 e il 9 fanno da 3 e 2. "
            "Si accusa durante la mano, al proprio turno: tris 3, poker 4, napoletana (10, 9, Asso) 3. "
            "Zu tun: chi è di mano e ha raggiunto i punti posa un 10 sul monte e vince.",
        ),
        (
            "A quattro",
            "Due coppie, i compagni di fronte. Segnali (busso, volo, striscio), se si gioca con i segnali. "
            "Nel tressette con gli onori si accusa dopo la prima presa e prima della seconda, a giro da chi "
            "ha preso. Ci si può chiamare fuori: se la coppia ha davvero i punti vince, altrimenti perde.",
        ),
        (
            "Segnali",
            "A quattro chi apre (o chiunque, secondo l'opzione) parla al compagno con la carta che gioca. "
            "Busso: «gioca la tua più alta e poi torna a questo seme». Volo: «è la mia ultima carta di "
            "questo seme» (dev'essere vero). Striscio: «ne ho ancora molte» (o, secondo l'opzione, «me ne "
            "restano una o due basse»). Con i segnali alternativi: busso, ho la più alta rimasta; ribusso, "
            "ho la seconda; cerco la meglio; tutto fuori. Tocca il segnale prima di giocare la carta: "
            "compare nel fumetto accanto al tuo posto.",
        ),
        (
            "Terziglio",
            "Tre giocatori, ognuno per sé: dodici carte a testa e quattro da parte, il monte. Il monte va a chi "
            "fa l'ultima presa; con l'opzione «distribuito» le sue carte si scoprono e ne va una a ciascuno, "
            "l'ultima al mazziere, che poi ne scarta una. Gli accusi come a quattro.",
        ),
        (
            "Tressette a chiamata",
            "Quattro giocatori senza coppie fisse. Il primo di mano chiama un 3 che non ha: chi lo tiene è il "
            "suo compagno segreto, e si scopre solo quando quella carta viene giocata. Chi ha tutti e quattro "
            "i 3 chiama un 2 (con tutti i 2 un asso), oppure gioca da solo, secondo l'opzione. Niente "
            "segnali. La carta chiamata resta in vista sul tavolo per tutta la mano.",
        ),
        (
            "Ciapanò",
            "Da due a quattro giocatori, ognuno per sé; si distribuiscono tutte le carte e non si accusa. "
            "I punti presi contano contro: quando a fine mano qualcuno arriva a 41 (o 21, 31), vince chi "
            "ne ha meno.",
        ),
        (
            "Con la briscola",
            "Come il tressette a quattro, ma l'ultima carta del mazziere si mostra e il suo seme è briscola. "
            "Si deve sempre rispondere al seme; chi non ce l'ha può tagliare con una briscola, e la briscola "
            "più alta prende.",
        ),
        (
            "Tasti",
            "Con una tastiera: 1–9 e 0, poi A B C F G I J K M O giocano dalla prima alla ventesima carta "
            "della mano (dal primo tasto ogni carta mostra il suo); le frecce e Invio scelgono e giocano. "
            "T ultima presa, P le prese della mano, H consiglio, U annulla, N nuova partita, L livello, D disegno delle carte. "
            "Esc torna indietro (dall'ultima presa al tavolo). Sul conteggio Invio passa alla mano "
            "seguente; a fine partita porta all'inizio, dove una nuova partita si comincia con un tocco "
            "su Gioca.",
        ),
    ],
    "de": [
        (
            "Karten und Punkte",
            "Italienisches Blatt mit 40 Karten (Kelche, Münzen, Schwerter, Stäbe). Von oben: "
            "3, 2, Ass, König, Reiter, Bube, 7, 6, 5, 4.\n"
            "Ein Ass zählt 1 Punkt; 3, 2 und Bilder je ein Drittel; 7, 6, 5, 4 nichts. "
            "Der letzte Stich zählt 1 Punkt. Es zählen nur ganze Punkte, die Drittel darüber (Pezz) "
            "verfallen. Karten und letzter Stich ergeben 11 Punkte: zwischen zwei Seiten (zwei Spieler oder zwei Parteien) ist eine Runde immer 11 Punkte wert, Ansagen nicht mitgerechnet; bei drei oder mehr können verfallene Drittel 10 übrig lassen.",
        ),
        (
            "So wird gespielt",
            "Wer ausspielt, spielt eine beliebige Karte; die anderen müssen Farbe bekennen, wenn sie "
            "können. Es gibt keinen Trumpf: Den Stich macht die höchste Karte der ausgespielten Farbe. "
            "Es gibt keinen Stichzwang.",
        ),
        (
            "Tressette zu zweit",
            "Jeder bekommt zehn Karten, zwanzig bleiben im Talon. Nach jedem Stich zieht zuerst, wer den "
            "Stich gemacht hat, dann der andere; gezogene Karten werden gezeigt. Ist der Talon leer, werden "
            "die letzten zehn Karten gespielt. Wer zuerst 21 (31, 41) hat, gewinnt; kommen beide hin, "
            "gewinnt, wer mehr hat; bei Gleichstand noch eine Runde.",
        ),
        (
            "Ansagen",
            "Zu Beginn der Runde: Napoli (Napoletana: 3, 2, Ass einer Farbe) 3 Punkte, plus einen für jede Karte, "
            "die die Folge fortsetzt (4, 5, …); drei Dreien, Zweien oder Asse 3 Punkte; alle vier 4 "
            "Punkte. Angesagte Karten bleiben offen; ein Dreier nennt die fehlende Farbe.",
        ),
        (
            "Treschetten",
            "Bayerisches Blatt mit 32 Karten: Zehn, Neun, Ass, König, Ober, Unter, Acht, Sieben. "
            "Angesagt wird während der Runde, wenn man dran ist: Dreier 3, Vierer 4, Napoli (10, 9, Ass) 3. "
            "Zu tun: wer ausspielt und die Punkte erreicht hat, legt eine Zehn auf den Talon und gewinnt.",
        ),
        (
            "Zu viert",
            "Zwei Parteien, die Partner sitzen sich gegenüber. Signale (busso, volo, striscio), wenn mit Signalen gespielt wird. "
            "Mit Onori wird nach dem ersten Stich und vor dem zweiten angesagt, reihum ab dem, der "
            "den Stich gemacht hat. Man kann sich fertig melden (chiamarsi fuori): stimmt es, gewinnt die Partei, "
            "sonst verliert sie.",
        ),
        (
            "Signale",
            "Zu viert gibt, wer ausspielt (oder jeder, je nach Einstellung), dem Partner mit der "
            "gespielten Karte ein Zeichen. Busso: „spiel deine höchste Karte dieser Farbe und spiel sie mir "
            "zurück“. Volo: „das ist meine letzte Karte dieser Farbe“ (muss stimmen). Striscio: „davon habe "
            "ich noch viele“ (oder, je nach Einstellung, „nur noch eine oder zwei kleine“). Mit den "
            "alternativen Signalen: busso, ich habe die höchste verbliebene Karte; ribusso, die zweithöchste; "
            "cerco la meglio; tutto fuori. Tippe das Signal vor der Karte an: es erscheint in der "
            "Sprechblase an deinem Platz.",
        ),
        (
            "Terziglio",
            "Drei Spieler, jeder für sich: zwölf Karten für jeden, vier liegen als Witwe beiseite. Die Witwe "
            "bekommt, wer den letzten Stich macht; mit der Einstellung „ausgeteilt“ wird sie aufgedeckt und "
            "reihum verteilt, die letzte an den Geber, der danach eine Karte ablegt. Ansagen wie zu viert.",
        ),
        (
            "Tressette mit Ruf",
            "Vier Spieler ohne feste Partner. Wer zuerst ausspielt, ruft eine Drei, die er nicht hat: wer sie "
            "hält, ist sein geheimer Partner und zeigt sich erst, wenn die Karte gespielt wird. Wer alle vier "
            "Dreien hat, ruft eine Zwei (mit allen Zweien ein Ass) oder spielt allein, je nach Einstellung. "
            "Keine Signale. Die gerufene Karte bleibt die ganze Runde über sichtbar.",
        ),
        (
            "Ciapanò",
            "Zwei bis vier Spieler, jeder für sich; alle Karten werden ausgeteilt, es gibt keine Ansagen. "
            "Punkte in deinen Stichen zählen gegen dich: hat jemand am Ende einer Runde 41 (oder 21, 31) erreicht, "
            "gewinnt, wer am wenigsten hat.",
        ),
        (
            "Mit Trumpf",
            "Wie Tressette zu viert, aber die letzte Karte des Gebers wird gezeigt, und ihre Farbe ist Trumpf. "
            "Farbe bekennen muss man immer; wer nicht bedienen kann, darf stechen, und der höchste Trumpf "
            "gewinnt den Stich.",
        ),
        (
            "Tasten",
            "Mit einer Tastatur: 1–9 und 0, dann A B C F G I J K M O spielen die erste bis zwanzigste "
            "Karte der Hand (nach dem ersten Tastendruck steht auf jeder Karte ihre Taste); Pfeiltasten "
            "und Enter wählen und spielen. T letzter Stich, P die Stiche der Runde, H Tipp, U zurücknehmen, N neue Partie, "
            "L Level, D Kartenbild. Esc geht zurück (vom letzten Stich zum Tisch). Auf der Abrechnung "
            "führt Enter zur nächsten Runde; am Ende der Partie zum Start, wo eine neue Partie mit einem "
            "Tippen auf Spielen beginnt.",
        ),
    ],
    "en": [
        (
            "Cards and points",
            "Italian 40-card deck (cups, coins, swords, clubs). From the top: "
            "3, 2, Ace, King, Knight, Knave, 7, 6, 5, 4.\n"
            "An ace is worth 1 point; 3s, 2s and court cards a third; 7, 6, 5, 4 nothing. "
            "The last trick is worth 1 point. Only whole points count; leftover thirds are lost. "
            "The cards and the last trick make 11 points: between two sides (two players or two partnerships) a hand is always worth 11 points, declarations aside; among three or more, lost thirds may leave 10.",
        ),
        (
            "How to play",
            "The leader plays any card; the others must follow suit if they can. There are no trumps: "
            "the highest card of the suit led takes the trick. You never have to win a trick.",
        ),
        (
            "Tressette for two",
            "Ten cards each, twenty in the talon. After each trick the winner draws first, then the "
            "other; drawn cards are shown. When the talon is empty the last ten cards are played out. "
            "First to 21 (31, 41) wins; if both get there the higher total wins; tied, play another hand.",
        ),
        (
            "Declarations",
            "At the start of a hand: napoletana (3, 2, Ace of one suit) 3 points, plus one for each card "
            "continuing the run (4, 5, …); three 3s, 2s or aces 3 points; all four 4 points. Declared "
            "cards stay face up; a three names the missing suit.",
        ),
        (
            "Treschetten",
            "German 32-card deck: 10, 9, Ace, King, Ober, Unter, 8, 7; the 10 and 9 act as the 3 and 2. "
            "Announce during the hand at your turn: three of a kind 3, four 4, Napoli (10, 9, Ace) 3. "
            "Zu tun: on lead with the target reached, lay a 10 on the talon and win.",
        ),
        (
            "Four players",
            "Two partnerships, partners opposite. Signals (busso, volo, striscio) where the table allows "
            "them. With onori, declarations come after the first trick and before the second, in turn from "
            "the trick's winner; a side may claim the win (chiamarsi fuori): right, it wins; wrong, it loses.",
        ),
        (
            "Signals",
            "In four, the leader (or anyone, if the table allows it) tells the partner something with the "
            "card played. Busso: \"play your highest of this suit and lead it back\". Volo: \"this is my last "
            "card of the suit\" (it must be true). Striscio: \"I hold many more\" (or, by the option, \"one or "
            "two low ones left\"). Alternative signals: busso, I hold the highest card left; ribusso, the "
            "second; cerco la meglio; tutto fuori. Tap the signal before the card: it shows in the bubble "
            "by your seat.",
        ),
        (
            "Terziglio",
            "Three players, each for himself: twelve cards each, four set aside as the widow. The widow goes "
            "to the winner of the last trick; with the option \"dealt\" it is turned up and dealt one each, "
            "the last to the dealer, who then lays a card away. Declarations as in four.",
        ),
        (
            "Tressette with a call",
            "Four players, no fixed partners. The first player calls a 3 he does not hold: whoever holds it "
            "is his secret partner, known only when that card is played. Holding all four 3s he calls a 2 "
            "(all 2s too: an ace), or plays alone, by the option. No signals. The called card stays in view "
            "all hand.",
        ),
        (
            "Ciapanò",
            "Two to four players, each for himself; all cards are dealt, no declarations. Points taken "
            "count against you: when someone reaches 41 (or 21, 31) at the end of a hand, the lowest wins.",
        ),
        (
            "With trumps",
            "As Tressette in four, but the dealer's last card is shown and its suit is trumps. You must "
            "still follow suit; if you cannot, you may trump, and the highest trump takes the trick.",
        ),
        (
            "Keys",
            "With a keyboard: 1–9 and 0, then A B C F G I J K M O play the first to the twentieth card of "
            "the hand (after the first key each card shows its own); the arrows and Enter choose and play. "
            "T last trick, P the tricks taken, H hint, U undo, N new match, L level, D card pattern. Esc goes back (from the "
            "last trick to the table). On the count, Enter deals the next hand; at the match's end it goes "
            "home, where a tap on Play starts a new match.",
        ),
    ],
}


def rules_pages(lang: str) -> list[tuple[str, str]]:
    return RULES_PAGES.get(lang, RULES_PAGES["it"])


RULES_PAGE_OF: dict[str, int] = {
    "tressette2": 2,
    "treschetten2": 4,
    "treschetten3": 4,
    "treschetten4": 4,
    "treseta4": 5,
    "treseta_hr": 5,
    "tressette4": 5,
    "terziglio3": 7,
    "chiamata": 8,
    "ciapano": 9,
    "briscola": 10,
}
"""The rules page of each preset (the same order in every language): the rules screen
opens at the game chosen on the home screen, and the page names the games it is about."""

_GAMES_WORD = {"it": "Giochi", "de": "Spiele", "en": "Games"}


def rules_page(lang: str, i: int) -> tuple[str, str]:
    """Page ``i`` of the rules, its body led by the names of the games it is about."""
    title, body = rules_pages(lang)[i]
    names = [variant_label(v, lang, PRESETS[v].title) for v, page in RULES_PAGE_OF.items()
             if page == i and v in PRESETS]
    if names:
        body = f"{_GAMES_WORD.get(lang, 'Giochi')}: {', '.join(names)}.\n{body}"
    return title, body
