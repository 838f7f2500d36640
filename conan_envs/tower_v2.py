"""The Tower of the Elephant (`tower_v2`; rulebook: tower-of-the-elephant.txt).

Conan climbs the nine locations of Yara's tower, fighting the minions at each with his Action
Dice slotted on LEAP, BLOCK, RIPOSTE, SLASH and BIG SWING. Solo mode: the enemies follow the
rulebook's solo rules. Battle Mode: a second player, Yara, rolls and re-rolls the minions' dice,
activates them, chooses their blocks and plays Plot and Plan cards.

## Agents

| mode | agents |
|---|---|
| `solo` | `conan` |
| `battle` | `conan`, `yara` |

Turns alternate by decision, not strictly: `current_player()` names who decides now.

## Action space

`Discrete(351)`, one flat space of segments (a mask gives the legal ones). Conan: `pick_skill`
(19), `ready_skill` (19), `slot` (30: a result into a row), `reroll` (6), `mark` (6), `roll`,
`pair` (6), `choose_result` (6), `triple` (6), `triple_refill`, `triple_discard`,
`triple_poison`, `fatigue_token` (2), `rage_token`, `pay` (5: a die from a row for a test),
`test_reroll`, `done` (its meaning is in the prompt), `go_first`, `game_effect`, `step` (8
directions; also Yara's minion), `leap` (7), `slash` (7), `slash_stun`, `swing` (7), `block` (4: a
hit, a STUNNED, a RATTLED or a POISON token), `riposte` (7), `target` (6 enemies), `enter` (step
into the slain enemy's square; also after a RIPOSTE kill on the enemies' turn),
`square` (48), `skill` (19), `item` (15), `trade` (15), `discard_item` (15), `reserve` (5),
`draw_item`. Yara: `activate` (6), `minion_reroll` (24: minion x row), `minion_mark` (4),
`burn_move` (4), `attack`, `ability`, `minion_block` (4), `plot` (9), `put_top` (9),
`put_bottom` (9). `state.action_to_string(a)` names each in the game's words.

## Observation

`Box(729,)` float32, the same layout for both roles (Conan's `yara_hand` block stays zero). It
carries everything in the role's view except the log. Blocks (default config):

| block | size | what |
|---|---|---|
| terrain | 144 | per square: blocking terrain, height advantage, elevation / 3 |
| location | 9 | which location (one-hot) |
| conan_square | 48 | Conan's square |
| slain_square | 48 | the square of an enemy just slain, which Conan may step into |
| decision | 29 | the decision kind (one-hot; then game over; then v2 kinds: `slay_step`) |
| conan | 17 | level, XP, FATIGUE, wounds, RAGE, RAGE on the track, move left and bonus, ... |
| activation | 5 | not yet / moving first / attacking after moving / attacking first / ... |
| conan_tokens | 6 | his STUNNED/RATTLED stack, its size, whether the oldest acts |
| rows | 35 | each slot of the five rows: a die 1-6, FATIGUE (7) or RAGE (8), / 8 |
| unslotted | 6 | unslotted dice by result |
| marked | 6 | dice marked to re-roll by result |
| skills | 38 | skills held, skills exhausted |
| items | 15 | items carried (copies / 2) |
| enemies | 168 | 6 slots x 28: kind, alive, wounds, x, y, dice per row, tokens, bonuses |
| incoming | 14 | hits and tokens being dealt to Conan, the attacker, riposte allowed |
| attack | 27 | Conan's attack: wounds to assign, targets, riposte target, what comes back |
| blow | 10 | the blow Yara decides on (`yara_block`): enemy, wounds, token, riposte dice may block |
| test | 8 | the test being taken: result needed, dice, paid, re-rolled, optional, which test |
| initiative | 9 | the initiative card drawn, who holds the token, who goes first, sides done |
| round | 4 | the Round Tracker space |
| minion | 22 | the minion Yara activates, its phase, ability used; re-roll marks |
| decision_context | 33 | skills to choose or READY, dice to reserve, rewards, the item thrown |
| yara | 4 | Yara's hand size, deck, discard, a card played this round |
| yara_hand | 22 | Yara only: her hand, the cards she drew, cards to put back, where the one put back lies |
| misc | 2 | Item Deck size, the winner |

`conan`: level, XP, FATIGUE, wounds, RAGE, RAGE left on the wound track, move points left (while
Conan or a minion moves), move bonus, free blocks, leaping after a kill, slotting over, POISON
tokens and their FATIGUE, rounds fought, in combat, combat round, Conan first in round 1.
`enemies`, per slot: kind, alive, wounds / life, x, y, dice on each row, tokens, acting token,
activated, free blocks, bonus move, bonus hits.

## Rewards

+1 to the winner and -1 to the loser at the end (solo: +1 when Conan leaves Yara's Chamber,
-1 when he dies). `shaped_scores`: locations cleared and enemies slain, minus wounds, / 10.

## Options

| option | default | what |
|---|---|---|
| `mode` | `solo` | `solo`, or `battle` (Conan against Yara) |
| `start_location` | `0` | index 0-8 or id: where to start (curriculum) |
| `start_level` | `0` | Conan's level there (0-5) |
| `start_items` | `()` | items Conan carries there |
| `start_skills` | `()` | skills he holds there (empty: he chooses them) |
| `max_turns` | `300` | combat rounds over the whole game before truncation |

## The view

`state.view(role)`: `env_id`, `role`, `mode`, `location` (number, id, name, width, height,
`cells`: rows of `{terrain, elevation}`), `round` (tracker, combat round, in combat, rounds
fought, initiative token, `initiative_card` with both effects, `initiative_card_this_round`,
`goes_first` (null until this round's initiative is chosen), `first_side_last_round`, sides done),
`conan` (square and x/y, level, XP, FATIGUE, wounds, RAGE, dice, moves, tokens, POISON, `rows`
by name, unslotted and marked dice, skills and items with their effects), `enemies` (slot,
name, kind, alive; for the living: square and x/y, wounds, life, dice rolled, move, XP, `rows`
with results, action and dice slotted, tokens, activated, bonuses, ability), `item_deck`,
`incoming` (hits, tokens, attacker, riposte allowed, `text`), `attack` (Conan's attack and the
`blow` Yara decides on, `text`), `test` (name, result needed, dice, paid, what passing and
failing do, `text`), `scenario` (the location's page: `tests` with status and outcomes, `notes`,
`after_combat`, `text`), `winner`, and in Battle Mode `yara`
(hand size, deck, discard; for Yara herself her `hand` with effects, the cards `drawn`, how many
to put back and where the one put back lies); then `decision` (`kind`, `actor`, `prompt`,
`context`) and `log`.

## Version history

- v0: first release.
- v1: one view per role and an observation that carries it (every value shown: dice in rows,
  each enemy's dice, the test, what is being dealt, the initiative card); action names in the
  game's words; enemies as named records; BLOCK chooses a hit or a token (4 actions); rules:
  the solo Elite's BOW spends its dice, enemies lose dice to wounds, Conan may step in and LEAP
  on after any kill, a stunned Conan uses skills and items, Black Lotus Powder on Conan can be
  blocked, a riposte strikes only an adjacent attacker, unburned enemy dice go at the end of a
  round; content: Taurus throws anywhere, Yara rolls 5 dice, 15 item kinds and 9 Plot kinds.
- v2: a RIPOSTE that slays its attacker on the enemies' turn offers the step-in (new decision
  `slay_step`, one-hot appended after "game over" in the `decision` block, which grows 28 -> 29;
  actions `enter` / `done`); right after a kill the slain enemy's square is offered once (the
  step-in, not also a paid step); a Plot token played before combat can be blocked with the
  BLOCK dice already slotted; the view shows the location's scenario page (tests with what
  passing and failing do, notes, events after combat) and test prompts say both outcomes; the
  round header names who goes first only once chosen (`round.goes_first`); the log names hits
  cancelled by height advantage or free blocks, Lion claw rolls, the FATIGUE lost at a tracker
  reset and the enemy whose RIPOSTE strikes Conan (also the `attacker` being dealt); view panels
  carry sentences (`text`); game, state and envs pickle.
"""
from ._module import env_functions

env, raw_env = env_functions("tower_v2")
