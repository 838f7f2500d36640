"""Conan, the miniatures game as a PettingZoo environment (rulebook: conan-miniatures-heroes.txt).

# Conan: the heroes against the Overlord

| Import | `from conan_envs import miniatures_v2` |
|---|---|
| Actions | Discrete, masked |
| Parallel API | No (AEC) |
| Manual control | `scripts/play.py` |
| Agents | `agents = [<one per hero>, "overlord"]` |
| Agents count | 3 to 5 (2 to 4 heroes and the Overlord) |
| Action shape | (1,) |
| Action values | Discrete(392) for the default config |
| Observation shape | (1693,) for the default config |
| Observation values | [0, 1] mostly; gem counts scaled |

A scenario of the miniatures game: the heroes (one agent each, named by their key: `conan`,
`shevatas`, `hadrathus`, `belit`) act in any order in their turn, handing the turn among
themselves; then the Overlord recovers gems and activates up to two tiles of his River (the Book
of Skelos). Every roll can be rerolled, every attack guarded: each such step is its own decision.
Scenarios: In the Clutches of the Picts (`clutches`), Hunting the Tigress (`tigress`), In the
Heart of Darkness (`heart_of_darkness`), For All of Ophir's Gold (`ophir`), and the designed
The Captain of the Ruined Fort (`ruined_fort`), The Stygian Temptress (`thalis`) and The Final
Ritual (`ritual`). Designed parts are listed in docs/rulings/miniatures.md.

## Action space

One flat Discrete space made of named segments; the mask shows what the pending decision allows.
Sizes below are for the default config (`clutches`, 3 heroes: 21 areas, 15 models, 17 objects,
16 spells, 8 tiles).

| segment | size | meaning |
|---|---|---|
| done | 1 | end what is being done (stop acting, end the turn or activation) |
| hand | heroes | hand the heroes' turn to that hero |
| stance | 2 | aggressive, cautious |
| move | areas | move (a hero, a model, an ally) to that area |
| flee | 1 | flee the board from an edge area |
| melee, ranged | models | attack that model |
| hero | heroes | a model attacks / a spell targets that hero |
| gems | 13 | put that many gems (attack, Guard, Manipulation, Gift of Life) |
| equip | objects + 1 | weapon or parrying item (last: unarmed / dodge) |
| reroll, keep | 16, 1 | reroll that die of the roll; keep the roll |
| pickup, drop, give, take, throw, use | objects (give: objects x heroes) | object actions |
| chest, yes, no | 1 each | open a chest; claim/catch or not |
| area | areas | an area (hide Yselda, throw, teleport, reinforce, rocks fall) |
| spell | spells | cast that spell |
| ally | models | activate that ally (Leadership) |
| activate | 8 | activate the River tile in that slot |
| benefit_move | 1 | the Overlord buys a movement point |
| reinforce, free | tiles | reinforce / free that tile (also Bestial Haste) |
| event | 5 | reinforcements, the Outer Dark Demon, volley, free a statue, rocks fall |
| sacrifice, target | models | a model sacrifices itself / a spell's target |
| door | areas | open the locked door to that area |
| barricade | barricades | attack that barricade (The Final Ritual) |
| order | models + heroes + 1 | the character an area attack strikes next (models, heroes, the captive) |

## Observation space

One float vector per role, in these blocks (`conan_envs.miniatures.encode.observation_blocks`;
sizes for the default config):

| block | size | what |
|---|---|---|
| role | 5 | the observing role |
| player | 5 | the role to act |
| phase | 4 | setup, stance, action, Overlord |
| kind | 29 | the pending decision |
| round | 1 | round / rounds |
| heroes | 172 | per hero: on the board / dead / fled, area, Reserve, Fatigue, Wounds, the six action spaces, ally tile, stance, movement points, halo, moved, done, flying, gems owned |
| spell_gems | 64 | gems on each spell card, per hero |
| models | 495 | per model: on the board, life, halo, activated, marks (Dizziness, Possession, Blocking lost, Fascination), area |
| objects | 432 | per object: its area, its carrier, escaped or off the board |
| chests | 21 | closed chests per area |
| searched | 21 | areas a hero has entered |
| yselda | 21 | the hut hiding Yselda (the Overlord only) |
| overlord | 4 | Reserve, Fatigue, recovery, cards left in the asset deck |
| river | 72 | the tile in each River slot |
| hand_overs | 1 | hand-overs since the last hero action |
| broken | 4 | open wooden walls and doors |
| petrified | 8 | tiles still petrified |
| ritual | 22 | barricade life, relics, the invocation marker |
| by | 19 | the decision: the hero or model acting, attacking or rolling |
| target | 21 | the decision: its target (hero, model, the captive, a barricade) |
| attack | 4 | melee, ranged, area, spell |
| purpose | 11 | what the roll is for |
| why | 3 | what the Manipulation is for (chest, door, throw) |
| scalars | 10 | attack power, gems, attack gems, movement points, points bought, activations, reinforcement points, leftover damage, Mind Control steps, leap difficulty |
| flags | 6 | attacked, possessed, volley, Bestial Haste, hit a barricade, hit a character |
| weapon | 16 | the weapon used |
| object | 16 | the object concerned (the card in the chest, the object thrown) |
| spell | 16 | the spell concerned |
| area | 21 | the area concerned |
| model | 15 | the model activated |
| tile | 8 | the tile activated or reinforced |
| cast | 16 | spells a model already cast this activation |
| queue | 15 | models of the activated group still to act |
| groups | 8 | groups returned by the Pict Hordes |
| activated | 8 | tiles already activated this Overlord turn |
| asked | 4 | heroes already offered the catch |
| dice | 64 | the roll: each die's colour and symbols |
| rerolls | 4 | free rerolls left per colour, support rerolls left |
| payer | 7 | who pays for rerolls (a hero, the Overlord, nobody; the ally tile) |
| area_targets | 20 | the characters an area attack has still to strike (heroes, models, the captive) |

Equal observations mean equal views (log aside), and the other way round
(`tests/test_views.py`, `tests/miniatures/test_views_all.py`).

## Rewards

At the end: +1 to every hero and -1 to the Overlord when the heroes win, the opposite when the
Overlord wins; 0 on truncation. `reward="shaped"` adds, step by step, the change of 0.05 per
Overlord model killed, minus 0.05 per hero wound and 0.2 per dead hero (the Overlord the opposite).

## Options

| option | default | valid | what |
|---|---|---|---|
| scenario | 'clutches' | one of the seven scenarios above | the scenario played |
| num_heroes | 3 | 2 to 4 (as the scenario allows) | number of heroes |
| max_turns | 40 | 1 to 100000 | cap on rounds; reaching it truncates the game |
| spells | () | distinct hero spell names | spells every Spell Caster hero carries instead of the scenario's |

## The view

`state.view(role)` keys: `env_id`, `role`, `scenario`, `round`, `rounds`, `phase`, `winner`,
`areas` (per area: `name`, `elevation`, `capacity`, `hut`, `edge`, `water`, `borders` (per
neighbour: `to`, `border` kind (open, flap, wood wall, door, ...), `open`, `leap_difficulty`,
`barricade_life`), `sees`, `heroes`, `models`, `objects`, `chests`, `searched`, `relics`),
`heroes` (per hero: `name`, `role`, `state` (on the board / dead / fled), `area`, `stance`,
`life`, `reserve`, `fatigue`, `wounds`, `spent` per action space, `ally_tile_gems`,
`action_spaces` (die colour and exertion limit), `spells` (`name`, `cost`, `limit`, `reaction`,
`gems`, `teleport_costs`), `movement_points`, `base_movement`, `moved`, `done_acting`, `flying`,
`halo_armor`, `carrying`, `item_cards` (each carried card on one line: its dice by use, `*`
marking a die with a free reroll, encumbrance, thrown, two-handed), `encumbrance`,
`max_encumbrance`, `skills`), `models` (per model:
`name`, `side`, `area`, `life`, `max_life`, `armor`, `move`, `melee`, `ranged` (die colours,
`*` marking a die with a free reroll), `guard` (the Guard die), `skills`, and
when they apply `halo_armor`, `activated`, `dizziness`, `possessed`, `blocking_lost`,
`may_be_attacked_by`), `objects` (`name`, `where`, `card`: `kind`, `encumbrance`, the dice of
`melee`, `ranged`, `guard`, `armor`, `area`, and `thrown`, `two_handed`, `heal` where they
apply), `goal` (`text`: the scenario's goal; `progress`: rounds left and the state of each
objective — the captive's and the head's place, the life of each model to kill, Bêlit, the
invocation marker and relics), `overlord` (`reserve`, `fatigue`,
`recovery`, `deck`), `river` (`slot`, `cost`, `tile`), `hand_overs`, `petrified`, `ritual` (The
Final Ritual: `invocation`, `priestess`, `relics`, `barricades`), `yselda_hut` (the Overlord's
view in the Clutches of the Picts), `decision` (`kind`, `actor`, `prompt`, `context`: the
attacker or character, target, attack kind, power, gems, weapon, spell, object, area, model,
movement points, the roll with its dice by colour, free and support rerolls and who pays) and
`log`.

## Version history

- v0: first release.
- v1: one view per role and a text board from it; the observation carries the pending decision
  (attacker, target, power, the roll and its rerolls, the object, spell or area concerned) and
  gems per spell card; action names in the game's words; saves checked on load; encumbrance
  cuts movement as soon as a hero picks up a load; a falling hero's carried captive takes the
  same damage; a River tile is activated at most once per Overlord turn; the scripted Overlord
  rebalanced.
- v2 (issue 30): Sacrifice is declared after the attack power is known (with the hero's
  reaction spells, in the defence); a lower area never sees a wall walk or the rocks across an
  abrupt change in elevation (the map's extra sight lines included); leaving a hindered area by
  a leap costs the hindering points like any border; the hero making an area attack chooses the
  order of its attacks (new decision `area_order`, action segment `order`, observation block
  `area_targets`); the view and the text board show the item cards, the free-reroll marks of
  unit dice, each tile's Guard die and the scenario's goal with its progress; the log names the
  defender for defence rolls and writes the hindering and unarmed deductions from a power; the
  scripted players and the designed content rebalanced (docs/rulings/miniatures.md).
"""
from ._module import env_functions

env, raw_env = env_functions("miniatures_v2")
