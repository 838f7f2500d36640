"""A tiny game for testing the engine and adapter without any Conan rules: Nim with a
secret. Each of two players holds a hidden token (0-2); the pile starts at 10-14 stones;
players take 1-3 stones; taking the last stone wins; a player may instead 'reveal' once,
which does nothing but tests hidden information."""
import numpy as np

from conan_envs.engine import TERMINAL, ActionCodec, Game, State
from conan_envs.engine.options import max_turns

CODEC = ActionCodec([("take", (1, 2, 3)), ("reveal", 1)])


class NimState(State):
    def __init__(self, game, seed=None):
        super().__init__(game, seed)
        self.pile = int(self.rng.integers(10, 15))
        self.secret = self.rng.integers(0, 3, size=2).tolist()
        self.revealed = [False, False]
        self.player = 0
        self.winner = None
        self.taken = [0, 0]

    def current_player(self):
        return TERMINAL if self.winner is not None else self.player

    def _legal_mask(self):
        m = CODEC.empty_mask()
        m[: min(3, self.pile)] = True
        m[3] = not self.revealed[self.player]
        return m

    def _apply(self, a):
        seg, i = CODEC.decode(a)
        if seg == "take":
            self.pile -= i + 1
            self.taken[self.player] += i + 1
            if self.pile == 0:
                self.winner = self.player
                return
        else:
            self.revealed[self.player] = True
        self.player = 1 - self.player
        self.turn += 1

    def returns(self):
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if p == self.winner else -1.0 for p in range(2)]

    def shaped_scores(self):
        return [t / 10 for t in self.taken]

    def observation(self, role):
        other = 1 - role
        v = [self.pile / 15, float(self.player == role), self.secret[role] / 2,
             self.secret[other] / 2 if self.revealed[other] else -1.0, float(self.revealed[other])]
        return np.array(v, dtype=np.float32)

    def _view(self, role):
        """What `role` knows: the pile, its own token, the other's once revealed."""
        other = 1 - role
        return {"pile": self.pile, "to_act": self.player, "taken": list(self.taken),
                "my_token": self.secret[role],
                "their_token": self.secret[other] if self.revealed[other] else None,
                "revealed": list(self.revealed)}

    def action_to_string(self, a):
        return CODEC.name(a)

    def resample_hidden(self, observer, rng):
        new = super().resample_hidden(observer, rng)
        other = 1 - observer
        if not self.revealed[other]:
            new.secret[other] = int(rng.integers(0, 3))
        return new

    def __str__(self):
        return f"pile {self.pile}, player {self.player} to move"


class NimGame(Game):
    env_id = "nim_test"
    OPTIONS = {"max_turns": max_turns(None, "turns", allow_none=True)}
    state_class = NimState

    def _setup(self):
        self.roles = ("player_0", "player_1")
        self.num_actions = CODEC.size

    def observation_shape(self, role):
        return (5,)
