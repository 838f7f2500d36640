"""Kings of Hyboria as a PettingZoo AEC environment (rulebook: kings-of-hyboria.txt).

| | |
|---|---|
| Import | `from conan_envs import kings_v2` — `kings_v2.env(num_players=2)` |
| Agents | `player_0` … `player_{n-1}`, n = 2–4 (turn order drawn at random) |
| Actions | Discrete(116 + n), masked (`observation["action_mask"]`) |
| Observations | Box(float32), 2515 for two players (the table below) |
| Information | perfect: every player sees the whole board |

Each King rules from one region, raises Heroes, Wizards and armies from the Recruit Tables
of the countries he holds, and fights for the 34 countries of the Hyborian map (56
regions, 4 of them seas). Every choice of a turn (Hero and Wizard Phase targets,
recruiting, each move order, casualties, retreats, Divination rerolls) is one decision.

## Action space (one flat layout for every decision)

| segment | actions | meaning |
|---|---|---|
| done | 0 | decline or end (keep the roll, end recruiting, end the Move Phase, stay, ...) |
| reroll | 1 | discard a Divination (or a Confusion) to reroll the die offered |
| region | 2–57 | a region (to place, target, recruit, move from or to, retreat, crown) |
| unit | 58–65 | a unit type (Army, Elite, Hero, Wizard, Monster, Ships, King, Fort) |
| count | 66–95 | how many (1–30): units moving, with a Relic or Battle Plan, Armies trained |
| result | 96–114 | a Wizard Magic result 1–19 (Ancient Lore) |
| back | 115 | undo the last step of the move order in progress (nothing has moved yet) |
| player | 116… | an opponent (Piracy) |

## Observation (two players; players listed from the observer's seat)

| block | size | what |
|---|---|---|
| `units` | 1344 | per region and owner (observer first, neutrals last), units by type / chits |
| `occupied` | 168 | per region and owner, whether it has units there |
| `storms` | 56 | Storm tokens per region (/3) |
| `curses` | 56 | Curse tokens per region (/6) |
| `raided` | 56 | regions raided (no recruiting): the raider's seat from the observer |
| `players` | 18 | per player: Gold, Divinations, Relics, alive, King, seat, phasing, asked, slain |
| `phase` | 9 | the phase, one-hot (setup, fate, hero, wizard, recruit, move, battle, plunder, over) |
| `decision` | 25 | the decision kind, one-hot (`move_marked` last, v2) |
| `task_effect` | 19 | the effect being resolved (Foment Rebellion, Raiding, Storms, Slay, ...) |
| `task_region` | 56 | where it was rolled, or where the units move from |
| `task_target` | 56 | the region chosen (a target, a destination) |
| `task_unit` | 8 | the unit type of the order |
| `roll` | 9 | at a Divination offer: which die (8 kinds) and its value over its sides |
| `roll_region` | 56 | where the roll was made |
| `roll_unit` | 8 | the unit rolling (a Hero, the King, a Wizard, the attacking type) |
| `roll_side` | 2 | in battle: attacker's or defender's roll |
| `battle_region` | 56 | the region of the battle being fought |
| `battle_defender` | 3 | the defender (by seat; the neutral armies last) |
| `battle` | 79 | round, stage; per side: modifiers, hits to take, units killed/raised/possessed/immobilized |
| `round` | 1 | the round over the round limit |
| `in_battle` | 1 | a battle is being fought |
| `relics` | 112 | per region and player (observer first), the Wizards bearing a Relic (/10) |
| `turn` | 316 | the phasing player's turn-long effects (below) |
| `task_count` | 1 | at a `move_marked` decision: the units moving (/30) |

`turn`: per region the Move bonus (Forced March, Demonic Steeds), Heroes on a Long
Journey, Heroes with a Battle Plan, extra recruit rolls, recruit rolls made (each /10); the
King's Long Journey and Battle Plan; the 34 country recruit rolls still to make.

With n players the per-owner blocks grow (`units` 56 x (n+1) x 8, `occupied` 56 x (n+1),
`players` 9 n, `battle_defender` n+1, `relics` 56 n); `conan_envs.kings.encode.observation_blocks(game,
role)` gives the sizes for any config.

## Rewards

At the end: +1 to a sole winner, -1 to everyone else; tied leaders 0. A truncated game
(the round limit under `victory="last_king"`) gives 0. `shaped_scores()` (not a reward)
values countries, regions and units held (x = countries/4 + regions/16 + units/32, reported as
x / (1 + x), in [0, 1)), for search and shaping.

## Options

| option | default | valid | what |
|---|---|---|---|
| `num_players` | 2 | 2–4 | number of Kings |
| `max_turns` | 60 | a positive int, or None | rounds; with `most_countries` the game ends there |
| `victory` | `"most_countries"` | or `"last_king"` | at the round limit: most countries wins, or no winner |
| `pretender` | True | bool | with no Hero heir, a unit of the chosen stack is crowned (False: out) |
| `conquest` | 8 | 0–34 | whole countries that win at once, held at the end of their King's turn (0: none) |

In every mode the game ends when one King is left. Designed parts (the conquest goal, the
pretender, the round limit) are argued in `docs/rulings/kings.md`.

## The view (`state.view(role)`)

`env_id`, `role`, `decision` (`kind`, `actor`, `prompt`, `context`: `effect`, `region`,
`target`, `unit`, `count` at `move_marked`, `heirs` at `new_king`, or at a Divination
offer `roll` with `table`, `die`, `value`, `result`, `roller`, `region`, `unit`), `log`, and
the board: `round`, `phase`, `phasing_player`, `turn_order`, `victory`, `conquest_goal`,
`max_rounds`, `regions` (each: `name`, `country`, `sea`, `x`, `y` on a 1000 x 700 map,
`controller`, `units` by owner, `relics` by owner, `storms`, `curses`, `raided_by`,
`neighbours`), `players` (each: `name`, `gold`, `divinations`, `relics`, `alive`,
`king_slain`, `has_king`, `countries`, `regions`), `turn_effects` (None in set-up and at
the end, or `player`, `regions` with `move_bonus`, `long_journey`, `battle_plan`,
`recruit_bonus`, `recruit_rolls`, and `king_long_journey`, `king_battle_plan`,
`country_rolls`), `battle` (None, or
`region`, `attacker`, `defender`, `round`, `stage`, `sides` with `player`,
`initiative_bonus`, `attack_bonus`, `lead_charge`, `confusion`, `hits_to_take`, `killed`,
`raised`, `possessed`, `immobilized`), `end` (None, or `cause` and `winners`).

## Version history

- v0: first release.
- v1: the view, decision prompts and per-role log; the observation carries the roll
  offered for a Divination reroll, the effect, region, target and unit being resolved and
  the battle's record (2082 floats for two players, was 1797); the King boards Ships as a
  Hero; the Poitain–Argos border; the designed conquest goal (`conquest`) and pretender
  (`pretender`); the end reports its cause and the round it ended in.
- v2: a Relic belongs to the Wizard that forged it (lost with him, carried with him) and a
  Battle Plan to the Hero or King that rolled it; a move order can be taken `back` step by
  step before its units move (action 115, the player segment moves to 116), and asks which
  Wizards or Heroes carry their token (`move_marked`); the turn-long effects (Forced March,
  Demonic Steeds, Long Journey, Battle Plan, the Recruit bonus, recruit rolls made and owed)
  and the Relics by region are in the view, the text board and the observation (`relics`,
  `turn`, `task_count`: 2515 floats for two players, was 2082); the log gives each battle
  round's attack dice and casualties and what a targetless effect did; the new King's
  prompt names the unit crowned in each region.
"""
from ._module import env_functions

env, raw_env = env_functions("kings_v2")
