"""The class's predictions: the teacher asks, each pupil votes on their device, then the teacher
reveals the votes (and the right answer). Every change is written to the store first."""

from __future__ import annotations

import time
from typing import Any

from .store import Store

__all__ = ["Polls", "Refused"]


class Refused(Exception):
    """A refused request: the key of the class's words that say why."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key, self.params = key, params


class Polls(dict[int, dict[str, Any]]):
    """The predictions of one class by number (each with its votes by pupil's token)."""

    def __init__(self, store: Store) -> None:
        super().__init__((p["id"], p) for p in store.polls())
        self.store = store

    def open(self, question: str, options: list[str]) -> int:
        """A new prediction (the one open before is closed)."""
        question = " ".join(question.split())
        if not question or not 2 <= len(options) <= 6:
            raise Refused("bad_poll")
        for poll in self.values():
            if poll["state"] == "open":
                self.store.update_poll(poll["id"], "closed", poll["answer"])
                poll["state"] = "closed"
        pid = self.store.add_poll(question, list(options), time.time())
        self[pid] = {
            "id": pid,
            "question": question,
            "options": list(options),
            "state": "open",
            "answer": None,
            "votes": {},
        }
        return pid

    def close(self, pid: int) -> None:
        poll = self._poll(pid)
        state = "shut" if poll["state"] == "open" else poll["state"]
        self.store.update_poll(
            pid, state, poll["answer"]
        )  # kept first: a failed write changes nothing
        poll["state"] = state

    def reveal(self, pid: int, answer: int | None) -> None:
        poll = self._poll(pid)
        if answer is not None and not 0 <= answer < len(poll["options"]):
            raise Refused("bad_choice")
        self.store.update_poll(pid, "revealed", answer)
        poll["state"], poll["answer"] = "revealed", answer

    def vote(self, token: str, pid: int, choice: int) -> None:
        poll = self.get(pid)
        if poll is None or poll["state"] != "open":
            raise Refused("no_poll")
        if not 0 <= choice < len(poll["options"]):
            raise Refused("bad_choice")
        self.store.vote(pid, token, choice)
        poll["votes"][token] = choice

    def _poll(self, pid: int) -> dict[str, Any]:
        poll = self.get(pid)
        if poll is None:
            raise Refused("no_poll")
        return poll

    @staticmethod
    def counts(poll: dict[str, Any]) -> list[int]:
        counts = [0] * len(poll["options"])
        for choice in poll["votes"].values():
            counts[choice] += 1
        return counts

    def for_pupil(self, poll: dict[str, Any], token: str | None) -> dict[str, Any]:
        """A prediction as a pupil's device shows it (no one else's vote before the reveal)."""
        mine = poll["votes"].get(token or "")
        revealed = poll["state"] == "revealed"
        return {
            "id": poll["id"],
            "question": poll["question"],
            "options": poll["options"],
            "open": poll["state"] == "open",
            "mine": mine,
            "answer": poll["answer"] if revealed else None,
            "counts": self.counts(poll) if revealed else None,
        }

    def for_teacher(self) -> list[dict[str, Any]]:
        return [
            {
                "id": p["id"],
                "question": p["question"],
                "options": p["options"],
                "state": p["state"],
                "answer": p["answer"],
                "counts": self.counts(p),
                "votes": len(p["votes"]),
            }
            for p in self.values()
        ]
