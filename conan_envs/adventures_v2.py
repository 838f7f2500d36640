"""The Adventures of Conan (rulebook: The Adventures of Conan) as a PettingZoo AEC environment.

```python
from conan_envs import adventures_v2
env = adventures_v2.env(num_players=3)
```

| | |
|---|---|
| Actions | Discrete(533), masked |
| Agents | `conan`, `foe` (2 players); `+ ally` (3); `+ foe2` (4) |
| Observation | Box(0, 1, (3733,), float32) per agent, with `action_mask` |
| Import | `from conan_envs import adventures_v2` |

One player is Conan, the others his Foes and his Ally. Each round: an Event, God tokens and
dice bought (Resource Phase), a Plot roll of up to three rolls, the Main Phase (each die spent
on the action of its symbol), then Encounters (if unlocked) and the Adventure in Conan's
kingdom, and the End of Round (Adventure rewards, Achievements). The game ends after the round
in which someone reaches the score threshold (42/38/34 Victory points for 2/3/4 players),
reaches the Plot's end, or completes every Achievement track; the most Victory points win.

## Agents
`conan`, `foe`, `ally`, `foe2`, in seat order (the first `num_players`). In the team game
(`team=True`, 4 players) Conan and the Ally play against the two Foes.

## Action space
One flat Discrete space; every decision of every phase is a masked slice of it. Segments:

| segment | size | what |
|---|---|---|
| act | 200 | spend die d (0-9) on action v of 20 (move, sail, scry, unlock Encounters, ...) |
| die | 10 | pick die d (set aside, apply, add to the Warrior Pool, wound, ...) |
| kingdom | 24 | a kingdom (move to, place a token in, scry, ...) |
| fate | 8 | a Fate token kind |
| god | 8 | a God token |
| slot | 4 | a card slot, Encounter-track space, Character side or option of the decision |
| player | 4 | another player (scry its supply) |
| face | 6 | a face of a die (Hyperborea's focus) |
| token | 13 | a Challenge token type from one's supply |
| buy | 2 | buy a primary or a general die |
| ach | 6 | turn in 1 / all Fate tokens for an Achievement track |
| fate_die | 80 | use a Fate token of kind k on die d |
| set_die | 110 | Set: turn die d to symbol x |
| bel_die, ishtar_die, ymir_die | 10 each | Bel, Ishtar, Ymir on die d |
| mitra, zath, ability, ibis | 1 each | Mitra, Zath, one's Character ability, Ibis |
| asura | 6 | Asura: cycle one of the face-up Adventures (0-2) or Encounters (3-5) |
| give_gold | 1 | team game: give 1 Gold to one's partner |
| free_roll, use_extra_action, use_kingdom_token | 1 each | the Main Phase's free actions |
| plot_with_characters | 1 | advance on the Plot with Character results |
| yes, done | 1 each | the decision's two answers, named by its prompt and action names |
| symbol | 11 | the symbol a Wild chosen for an Adventure is used for |

`state.action_to_string(a)` names each action in the game's words for the pending decision.

## Observation space
Per role: everything in its view except the log (`observation_blocks(game, role)` in
`conan_envs.adventures.encode` lists the blocks). For the default config:

| block | size | what |
|---|---|---|
| role | 4 | the observing role (one-hot) |
| player_count | 3 | 2, 3 or 4 players |
| phase | 8 | the phase being played |
| decision_kind | 64 | the pending decision's kind |
| actor | 4 | the role to act |
| round | 2 | round number, last round triggered |
| event | 12 | the Event card of the round |
| direction | 2 | the direction of play |
| plot_cards | 24 | the five Plot cards in play |
| decks | 4 | cards left in the Adventure, Encounter and Event decks, Challenge tokens in the supply |
| player_0 | 492 | Conan: score, Gold, tokens, kingdom, Plot, Achievements, character, dice... (below) |
| player_1 | 492 | the Foe, as above |
| player_2 | 492 | the Ally (3-4 players), as above |
| player_3 | 492 | the second Foe (4 players), as above |
| kingdoms | 552 | per kingdom: Challenge token (its type if seen), Temples of Set, Fate tokens |
| supply | 24 | God tokens in the supply, the Gold on them, the Fate-token supply |
| adventures | 234 | the three face-up Adventures (card, kingdom, needs) |
| encounters | 75 | the three face-up Encounters |
| encounter_track | 100 | per space: the owner and result of the die on it |
| next_plot_card | 24 | the observer's next Plot card: required and bonus symbols |
| scried | 82 | top cards the observer scried, while still on top |
| shown | 280 | the cards drawn for the observer's cycle; Adventure cards whose reward is chosen |
| adventure_attempt | 46 | the Adventure attempted this round, completed |
| encounter_faced | 11 | the Encounter faced: slot, needs left, who failed, defeated |
| fight | 31 | the Fight fought: who, hits needed, points, the Temple of Set's kingdom |
| duel | 34 | the Duel fought: attacker, defender, kingdom, who stopped rolling |
| context | 145 | the decision's particulars (below) |

A player block holds: score, Gold, Fate and God tokens, kingdom, Plot space and Achievements,
Challenge tokens (face-up ones; those in its supply the observer knows), character, ability side
and use this round, Adventure cards held, dice gained and free dice this round, the Kingdom-die
roll, hits, and each die (zone, result, type, set for the next phase). The context block holds
the decision's particulars: why it is asked, a kingdom, a player, dice, a Fate kind, the Plot
roll's number and bonus push, points, a slot, a card, the dice just rolled, and (to the actor
alone) the token being placed.

## Rewards
At the end: +1 to the winner (1/k to each of k tied winners), -1 to the others; in the team
game +1 to each player of the winning team and -1 to the others (0 to all on a team tie).
`shaped_scores()` (used by `reward="shaped"`): Victory points / 60, capped at 1, so in [0, 1].

## Options
`num_players` (2-4), `team` (the 2 v 2 game, 4 players), `max_turns` (rounds, default 40),
`plot` (a Plot's name or "mixed"), `adventure_icons` (icons of the Adventures in play),
`longer_game` (completed Adventures that trigger the last round; 0 = off), `start_gold`
(default 2), `ohala` (Ohala among the characters). `AdventuresGame.describe_options()` gives
each option's default and what is valid.

## View
`state.view(role)` is plain JSON with the keys `env_id`, `role`, `round`, `phase`,
`last_round`, `turn_order`, `event`, `players` (per player: `role`, `kind`, `character`,
`ability`, `kingdom`, `victory_points`, `gold`, `plot_space`, `achievements`, `fate_tokens`,
`god_tokens`, `adventure_cards`, `challenge_tokens_in_supply`, `face_up_challenge_tokens`,
`dice` (each: `die`, `type`, `primary`, `result`, `symbols`, `double`, `zone`,
`set_for_next_phase`),
`dice_gained_this_round`, `free_dice_this_round`, `kingdom_die_rolled_here`, `hits`,
and `supply_tokens` for the viewer or `supply_tokens_you_know` for the others), `plot_track`
(`cards` with required and bonus results and rewards, `spaces`, `markers`), `adventures`,
`encounters` (with their requirements and rewards), `encounter_track`, `kingdoms` (printed
facts, characters, tokens, Temples, Fate tokens), `god_tokens_in_supply`,
`fate_tokens_in_supply`, `decks`, `scried_top_cards`, `adventure_attempt`, `encounter_faced`,
`fight`, `duel`, `winners`, `decision` (`kind`, `actor`, `prompt`, `context`) and `log`.

## Version history
- v0: first release.
- v1: the view, the text board from it and action names in the game's words; observations
  carry the view (characters, ability sides, Adventure cards held, the Plot cards, the decision's
  particulars, Fights and Duels); a `symbol` action segment for the Wild chosen for an
  Adventure; rules: Encounter dice matched together with the track's, a Wild on the track
  counts as one of its space's symbols, a pushed Plot roll with 3+ Characters fails, no Fate
  tokens on a Plot roll showing 3+ Characters, Asura on any decision of one's own turn;
  `shaped_scores` in [0, 1].
- v2 (issue 30): rules: a Wild counts only as the results on its character's dice (Conan's
  Wild is no Scry, Sorcery or 2 Gold), Scoring-track rewards are gained in order, the God
  tokens used "at any time on your turn" (Asura, Bel, Ibis, Ishtar, Set) are not offered to
  a player off its turn (the defender of a Duel on Conan's turn), the free-Movement ability is
  not offered in a vast kingdom; the log names characters and says every action, free action,
  ability and token used in the game's words; prompts name the choices offered; the text board
  marks primary dice and lists every kingdom with its borders (the view's dice carry
  `primary`). Observation and action layouts unchanged.
"""
from ._module import env_functions

env, raw_env = env_functions("adventures_v2")
