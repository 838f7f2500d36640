"""Conan: el juego de cartas as a PettingZoo environment (`cards_v2`).

Rulebook: conan-card-game.txt; rulings and designed content: docs/rulings/cards.md.

## Agents
`player_0` .. `player_{n-1}` (`num_players` 2-4), one Hero each. Turn order is decided by the
starting Adventures (rulebook, "Setup Phase" step 2); players act in turn, one decision at a
time (AEC).

## Action space
`Discrete(1538)` for the default config (the size depends on `num_players` and
`target_dp` only), with a legal-action mask. Segments, in order:

| segment | start | size | what |
|---|---|---|---|
| pass | 0 | 1 | pass / reject / decline (the prompt says which) |
| play | 1 | 110 | a card: an Adventure (Card Turn); face down in a Resolution (by face) |
| place | 111 | 640 | a Challenge (by face) face down on an Adventure |
| passage | 751 | 20 | Secret Passage: move to an Adventure |
| vision | 771 | 80 | Seer's Vision: a face-down Challenge by Adventure and position |
| adventure | 851 | 20 | place the Hero on / move to an Adventure |
| face | 871 | 1 | face the top Challenge |
| scout_face | 872 | 32 | the Scout's Expert tracker: face any Challenge on her card |
| fight | 904 | 1 | fight the antagonist |
| recruit | 905 | 1 | recruit the antagonist as an Ally |
| duel | 906 | 2 | challenge a player to a Duel |
| complete | 908 | 1 | complete the Adventure |
| steal_card | 909 | 2 | the Thief: a random card from a player's hand |
| steal_item | 911 | 12 | the Thief: a Magic item of a Hero on his card |
| bribe | 923 | 1 | the Noble's Bribery |
| bet | 924 | 60 | wager / raise to 1 .. 2 x target_dp DP |
| match | 984 | 1 | match the wager |
| withdraw | 985 | 1 | withdraw |
| attribute | 986 | 9 | source (Hero, Ally, allied Hero) x attribute |
| duel_attribute | 995 | 3 | the Duel's attribute |
| play_on | 998 | 220 | a card (by face) face down on either Hero of a Duel |
| ability | 1218 | 1 | use the once-per-game ability asked about |
| swap | 1219 | 2 | offer a Hero swap |
| accept | 1221 | 1 | accept the offer |
| deal | 1222 | 2 | propose a Deal to a player |
| alliance | 1224 | 2 | propose an Alliance to a player |
| give_dp | 1226 | 60 | Deal: you give 1 .. 2 x target_dp DP |
| ask_dp | 1286 | 60 | Deal: you ask for that many DP |
| give_cards | 1346 | 3 | Deal: you give 1-3 random cards |
| ask_cards | 1349 | 3 | Deal: you ask for 1-3 random cards |
| give_card | 1352 | 71 | Deal: you give a named card (by face) |
| ask_card | 1423 | 71 | Deal: you ask for a named card |
| give_item | 1494 | 12 | Deal: you give a Magic item |
| ask_item | 1506 | 12 | Deal: you ask for a Magic item |
| propose | 1518 | 1 | state the offer |
| counter | 1519 | 1 | answer with a counter-offer |
| terms | 1520 | 18 | Alliance terms: share x losses x Loot items |

Action names (`action_to_string`) are in the game's words: "face the top Challenge",
"raise to 5 DP", "use Strength of your Hero (5)", "play Might of Crom face down on your Hero",
"you ask for Iron Will (+1 Spirit)", "state the offer", "make a counter-offer".

## Observation
A float32 vector, players listed relative to the observer (itself first). Blocks for the
default config (2 players; `observation_blocks(game, role)` in `conan_envs.cards.encode`):

| block | size | what |
|---|---|---|
| players | 224 | per player (observer first): DP, hand, Hero, place, Ally, Alliance, items, Loot owed |
| hand | 93 | own hand, count of each card face |
| facedown | 186 | own face-down cards in the Resolution, by face and Hero |
| revealed | 186 | the Resolution's cards once revealed (Rage/Fury asked) |
| discard | 93 | discard pile, count of each face |
| adventures | 3100 | per Adventure: state, owner, pile; per Challenge: placer, known identity |
| decks | 2 | draw deck and Magic item deck sizes |
| phase | 7 | Game Phase |
| decision | 25 | decision kind or ability asked |
| actor | 2 | player to act, relative |
| wager | 55 | wager or Duel: sides, Challenge, stakes, attribute, Rage/Fury, cards |
| offer | 197 | offer: kind, sides, counter, goods each way, Alliance terms |
| misc | 4 | first Card Turn round, round, tie at the target, share owed |
| alliance_terms | 20 | per player: losses shared, who takes Loot items; items of a share owed |

It carries everything in the view except the log: equal observations mean equal views.

## Rewards
At the end: +1 to the winner, -1 to the others (a draw or a truncated game: 0 to all).
`shaped_scores()`: each player's DP / `target_dp`, capped at 1 (in [0, 1]).

## Options

- `num_players` (default 2; an integer from 2 to 4): number of Heroes
- `starting_dp` (default 15; an integer from 1 to 99): DP each Hero starts with ("Shorter or
  Longer Games")
- `target_dp` (default 30; an integer from 2 to 100): DP that wins ("Shorter or Longer
  Games")
- `victory_or_death` (default False; True or False): "Victory or Death Mode": last Hero
  standing wins
- `forgetting_old_dangers` (default False; True or False): failed Challenges are turned face
  down
- `max_turns` (default 60; an integer from 1 to 100000): cap on game rounds (Card, Hero,
  Diplomacy, Draw Turns); reaching it truncates the game

## View
`state.view(role)` keys: `env_id`, `role`, `round`, `phase`, `card_turn_first_round`,
`tie_at_target`, `target_dp`, `winner`, `players` (per player: `player`, `hero` with its
numbers, `dp`, `cards_in_hand`, `defeated`, `turn_order`, `adventure`, `expelled_from`,
`must_enter`, `ability_used`, `ally`, `alliance` (or null: `partner`, `keeps_of_each_gain`,
`wager_losses`, `loot_magic_items`), `lost_diplomacy_turn`, `magic_items`,
`loot_owed`, `face_down_cards`), `hand` (own cards by face with their numbers and counts),
`adventures` (each in play or completed: `adventure`, `owner`, `status`, `heroes`,
`challenges` with `position`, `placed_by`, `face_up`, `card` when known), `draw_deck`,
`magic_item_deck`, `discard_pile`, `wager` (or null: `kind`, `hero`, `opponent`, `challenge`,
`adventure`, `wagered`, `to_match`, `attribute`, `source`, `rage`, `fury`, `cards_revealed`,
`cards`, and the totals once revealed), `offer` (or null: `kind`, `from`, `to`,
`counter_offer`, `gives`, `asks`, `alliance_terms`, `terms` in words), `decision` (`kind`, `actor`,
`prompt`, `context`) and `log`.

## Version history
- v0: first release.
- v1: one view per role with the event log and a board in the game's words; cards named by
  face (copies are alike) in the hand, the face-down cards and the discard pile; the
  observation gains the revealed cards, the card an expelled Hero left, the tie at the
  target, the Alliance share owed and the round always; rules fixes (an expelled Hero enters
  another card; a tie at the target is settled when all players have completed the Hero
  Turn; Alliance shares round in the gainer's favour); wider Diplomacy (see
  docs/rulings/cards.md).
- v2: a Priest who completes an allied Adventure is asked before the Loot's Magic items move
  to the other ally, and may keep the DP and the items (Sermon); every Alliance term (share,
  wager losses, the Loot's Magic items) is in the view, the text board and a new
  `alliance_terms` observation block (public at the table), with the Magic items of a share
  owed; the Deal builder asks only for card faces the other player could hold; passes and
  declined abilities are logged; the Card Turn prompt speaks of the Card Turn's first round.
"""
from ._module import env_functions

env, raw_env = env_functions("cards_v2")
