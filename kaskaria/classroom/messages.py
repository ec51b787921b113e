"""The class server's words, in English and German (the ``classroom`` message domain)."""

from __future__ import annotations

from ..i18n import register_messages

EN = {
    "bad_message": "That message could not be read. Nothing changed.",
    "too_big": "That message was too long. Nothing changed.",
    "slow_down": "Too many clicks at once: wait a moment and try again.",
    "hello_first": "Join the class first: type the class code and your nickname.",
    "wrong_code": "That is not the class code. Look at the board and try again.",
    "wrong_key": "That is not the teacher key.",
    "bad_name": "Choose a nickname of 1 to 20 letters or numbers (no full names, please).",
    "name_taken": "Someone in the class already has that nickname: choose another one.",
    "token_busy": "This nickname is playing on another device right now.",
    "no_table": "There is no such table.",
    "seat_taken": "That seat is taken. Choose a free seat.",
    "no_seat": "That table has no such seat.",
    "sit_first": "Take a seat at a table first.",
    "not_your_turn": "It is not your turn yet: {who} decides now.",
    "game_over": "This game is over.",
    "not_a_move": "That is not a move you can make now.",
    "teacher_only": "Only the teacher can change that.",
    "no_poll": "There is no such question open.",
    "bad_choice": "Choose one of the answers shown.",
    "bad_table": "A table needs a game, a number of players and a level from the lists.",
    "too_many_tables": "The class has as many tables as it can hold.",
    "creating_off": "The teacher makes the tables today.",
    "bad_count": "Type whole numbers: rolls, and failures no more than rolls.",
    "bad_poll": "A question needs text and 2 to 6 answers.",
    "taken_over": "You joined again on another device, so this screen has stopped.",
    "free": "free seat",
    "you": "you",
}

DE = {
    "bad_message": "Diese Nachricht war nicht lesbar. Nichts hat sich geändert.",
    "too_big": "Diese Nachricht war zu lang. Nichts hat sich geändert.",
    "slow_down": "Zu viele Klicks auf einmal: Warte kurz und versuche es noch einmal.",
    "hello_first": "Tritt zuerst der Klasse bei: Tippe den Klassencode und deinen Spitznamen ein.",
    "wrong_code": "Das ist nicht der Klassencode. Schau an die Tafel und versuche es noch einmal.",
    "wrong_key": "Das ist nicht der Schlüssel der Lehrkraft.",
    "bad_name": "Wähle einen Spitznamen aus 1 bis 20 Buchstaben oder Ziffern (bitte keinen vollen Namen).",
    "name_taken": "Jemand in der Klasse hat schon diesen Spitznamen: Wähle einen anderen.",
    "token_busy": "Mit diesem Spitznamen wird gerade auf einem anderen Gerät gespielt.",
    "no_table": "Diesen Tisch gibt es nicht.",
    "seat_taken": "Dieser Platz ist besetzt. Wähle einen freien Platz.",
    "no_seat": "Diesen Platz gibt es an dem Tisch nicht.",
    "sit_first": "Setz dich zuerst an einen Tisch.",
    "not_your_turn": "Du bist noch nicht dran: {who} entscheidet jetzt.",
    "game_over": "Dieses Spiel ist vorbei.",
    "not_a_move": "Diesen Zug kannst du jetzt nicht machen.",
    "teacher_only": "Das kann nur die Lehrkraft ändern.",
    "no_poll": "Diese Frage ist nicht offen.",
    "bad_choice": "Wähle eine der gezeigten Antworten.",
    "bad_table": "Ein Tisch braucht ein Spiel, eine Spielerzahl und eine Stufe aus den Listen.",
    "too_many_tables": "Die Klasse hat schon so viele Tische, wie sie haben kann.",
    "creating_off": "Heute macht die Lehrkraft die Tische.",
    "bad_count": "Tippe ganze Zahlen: Würfe, und nicht mehr Fehlwürfe als Würfe.",
    "bad_poll": "Eine Frage braucht einen Text und 2 bis 6 Antworten.",
    "taken_over": "Du bist auf einem anderen Gerät beigetreten, darum ist dieser Bildschirm angehalten.",
    "free": "freier Platz",
    "you": "du",
}

register_messages("classroom", {"en": EN, "de": DE})
