"""The network's words (Settings → Network, the on-screen keyboard, the join screen's
Wi-Fi lines): one catalogue, its own file, as the phones'.

``n_*`` the network screens and the results of an attempt (firmware/app/network.py),
``kb_*`` the keyboard. key: (it, de, en)
"""

from __future__ import annotations

NETWORK: dict[str, tuple[str, str, str]] = {
    # Settings → Network
    "network": ("Rete", "Netzwerk", "Network"),
    "n_refresh": ("Cerca", "Suchen", "Search"),
    "n_hotspot": ("Hotspot del tavolo", "Hotspot der Box", "The box's hotspot"),
    "n_hotspot_on": ("Apri", "Öffnen", "Open"),
    "n_hotspot_off": ("Chiudi", "Schließen", "Close"),
    "n_hotspot_line": ("{ssid} · password {passphrase}", "{ssid} · Passwort {passphrase}",
                       "{ssid} · password {passphrase}"),
    "n_forget": ("Dimentica", "Vergessen", "Forget"),
    "n_known": ("nota", "bekannt", "known"),
    "n_in_use": ("in uso", "verbunden", "in use"),
    "n_scanning": ("Cerco le reti…", "Suche Netzwerke…", "Looking for networks…"),
    "n_none_in_reach": ("Nessuna rete a portata: tocca Cerca", "Kein Netzwerk in Reichweite: Suchen tippen",
                        "No network in reach: tap Search"),
    "n_ask_forget": ("Dimenticare {ssid}? La password non resta nel tavolo.",
                     "{ssid} vergessen? Das Passwort bleibt nicht in der Box.",
                     "Forget {ssid}? Its password leaves the box."),
    # the state line
    "n_state_connected": ("Collegato a {ssid}: {name}, {address}", "Verbunden mit {ssid}: {name}, {address}",
                          "Connected to {ssid}: {name}, {address}"),
    "n_state_connecting": ("Mi collego a {ssid}…", "Verbinde mit {ssid}…", "Connecting to {ssid}…"),
    "n_state_hotspot": ("Hotspot aperto: {ssid}, {address}", "Hotspot offen: {ssid}, {address}",
                        "Hotspot open: {ssid}, {address}"),
    "n_state_disconnected": ("Nessuna rete: i telefoni non trovano il tavolo",
                             "Kein Netzwerk: Telefone finden die Box nicht",
                             "No network: phones cannot reach the box"),
    "n_state_unavailable": ("Niente Wi-Fi qui: {why}", "Kein WLAN hier: {why}", "No Wi-Fi here: {why}"),
    # what the box is doing
    "n_busy_forget": ("Dimentico {ssid}…", "Vergesse {ssid}…", "Forgetting {ssid}…"),
    "n_busy_hotspot_up": ("Apro l'hotspot…", "Öffne den Hotspot…", "Opening the hotspot…"),
    "n_busy_hotspot_down": ("Chiudo l'hotspot…", "Schließe den Hotspot…", "Closing the hotspot…"),
    # how an attempt ended
    "n_connected": ("Collegato a {ssid}: {name}, {address}", "Verbunden mit {ssid}: {name}, {address}",
                    "Connected to {ssid}: {name}, {address}"),
    "n_wrong_password": ("Password sbagliata per {ssid}", "Falsches Passwort für {ssid}", "Wrong password for {ssid}"),
    "n_no_address": ("{ssid} non ha dato un indirizzo al tavolo", "{ssid} hat der Box keine Adresse gegeben",
                     "{ssid} gave the box no address"),
    "n_not_found": ("{ssid} non è più a portata", "{ssid} ist nicht mehr in Reichweite",
                    "{ssid} is no longer in reach"),
    "n_failed": ("Niente da fare con {ssid}: {why}", "Keine Verbindung mit {ssid}: {why}",
                 "Could not connect to {ssid}: {why}"),
    "n_forgotten": ("{ssid} dimenticata", "{ssid} vergessen", "{ssid} forgotten"),
    "n_hotspot_open": ("Hotspot aperto: {ssid}, {address}", "Hotspot offen: {ssid}, {address}",
                       "Hotspot open: {ssid}, {address}"),
    "n_hotspot_closed": ("Hotspot chiuso", "Hotspot geschlossen", "Hotspot closed"),
    "n_hotspot_failed": ("L'hotspot non si apre: {why}", "Der Hotspot geht nicht auf: {why}",
                         "The hotspot did not open: {why}"),
    "n_scan_failed": ("Non posso cercare le reti: {why}", "Kann keine Netzwerke suchen: {why}",
                      "Cannot look for networks: {why}"),
    # the password screen
    "n_password_for": ("Password di {ssid}", "Passwort für {ssid}", "Password for {ssid}"),
    "n_connect": ("Collega", "Verbinden", "Connect"),
    # the join screen
    "n_join_wifi": ("1. Entra nel Wi-Fi del tavolo", "1. Ins WLAN der Box", "1. Join the box's Wi-Fi"),
    "n_join_page": ("2. Apri la pagina", "2. Die Webseite öffnen", "2. Open the page"),
    "n_join_no_network": ("Il tavolo non è in rete: i telefoni non lo trovano. Collegalo al Wi-Fi di casa o apri il suo hotspot.",
                          "Die Box ist in keinem Netzwerk: Telefone finden sie nicht. Ins WLAN bringen oder ihren Hotspot öffnen.",
                          "The box has no network: phones cannot reach it. Join a Wi-Fi or open its hotspot."),
    # the keyboard
    "kb_show": ("Mostra", "Zeigen", "Show"),
    "kb_hide": ("Nascondi", "Verbergen", "Hide"),
    "kb_ok": ("OK", "OK", "OK"),
    "kb_cancel": ("Annulla", "Abbrechen", "Cancel"),
    "kb_space": ("spazio", "Leertaste", "space"),
}
