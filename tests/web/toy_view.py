"""Nim with a secret (tests/toy.py) with a one-role view, so that the web server's API and
privacy are tested whatever stage the five games' views are at."""
from conan_envs.engine.view import Decision
from tests.toy import NimGame, NimState


class NimViewState(NimState):
    def _apply(self, a):
        mover = self.player
        super()._apply(a)
        self.log_event(f"{self.game.roles[mover]} plays {self.action_to_string(a)}")
        self.log_event(f"secret of {self.game.roles[mover]} is {self.secret[mover]}", to=mover)

    def _view(self, role):
        other = 1 - role
        return {"pile": self.pile, "taken": list(self.taken),
                "my_secret": f"token-{self.secret[role]}-of-{self.game.roles[role]}",
                "their_secret": (f"token-{self.secret[other]}-of-{self.game.roles[other]}"
                                 if self.revealed[other] else None),
                "revealed": list(self.revealed)}

    def _decision(self, role):
        if self.winner is not None:
            return Decision("game_over", None, f"{self.game.roles[self.winner]} took the last stone")
        return Decision("take", self.game.roles[self.player],
                        f"Take 1-3 stones from the pile of {self.pile}, or reveal your token.",
                        {"pile": self.pile})


class NimViewGame(NimGame):
    env_id = "nimview_test"
    state_class = NimViewState
