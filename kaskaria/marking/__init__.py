"""Reading and marking what a pupil types: the one rule every answer box, worksheet, teacher
edition and the class server use (pure Python, no Jupyter).

:mod:`.answers` reads a number in any form a pupil writes it and marks it (:func:`check_number`,
:func:`check_choice`, :func:`check_value`); :mod:`.reading` reads numbers in words and short
calculations; :mod:`.messages_marking` holds the marking's words in English and German. The
lessons (``kaskaria.lessons.answers``) and the class server (:mod:`kaskaria.classroom.answers`)
both mark with it, so a pupil's screen and the teacher's page always agree.
"""

from __future__ import annotations
