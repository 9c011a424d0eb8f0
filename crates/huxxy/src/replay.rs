//! One game between bots, recorded for reading: the deal, every turn (a draw, or the plays and
//! the table after them), how the game ended and the ranking. Its `Display` is the log the
//! `tiles huxxy game` command prints.

use itertools::Itertools;
use std::fmt;

use tiles_core::Bot;

use crate::card::{Card, PLAYERS, Variant};
use crate::game::{End, Game, Move};
use crate::notation::show_cards;
use crate::play::Play;
use crate::tournament::{MAX_TURNS, play_game};

/// One card play of a turn, with whether it started a new group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnPlay {
    /// The play: [`Play::FromHand`] or [`Play::Move`].
    pub play: Play,
    /// Whether its card started a new group (its `to` was the number of groups).
    pub new_group: bool,
}

impl fmt::Display for TurnPlay {
    /// `KC to a new group 2`, `KC to group 0`, `moves KC from group 0 to group 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.play {
            Play::FromHand { card, to } if self.new_group => {
                write!(f, "{card} to a new group {to}")
            }
            Play::FromHand { card, to } => write!(f, "{card} to group {to}"),
            Play::Move { card, from, to } => {
                write!(f, "moves {card} from group {from} to group {to}")
            }
            Play::Draw | Play::EndTurn => Ok(()),
        }
    }
}

/// What a player did in one turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TurnAction {
    /// Drew a card (none if the stock was empty).
    Draw {
        /// The card drawn.
        card: Option<Card>,
    },
    /// Played cards and ended the turn.
    Plays {
        /// The card plays, in order.
        plays: Vec<TurnPlay>,
    },
}

/// One turn of a replayed game, and the game as it stands after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    /// 1-based turn number.
    pub number: usize,
    /// The player (0..4).
    pub player: usize,
    /// What they did.
    pub action: TurnAction,
    /// Cards left in the player's hand.
    pub cards_left: usize,
    /// Cards left in the stock.
    pub stock_left: usize,
    /// The table, group by group.
    pub table: Vec<Vec<Card>>,
}

/// A player's place at the end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ranked {
    /// Rank, 1 best; equal points share a rank.
    pub rank: usize,
    /// The player (0..4).
    pub player: usize,
    /// Points left in hand.
    pub points: u32,
    /// The cards left in hand.
    pub hand: Vec<Card>,
}

/// A whole game between bots, turn by turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// The game played.
    pub variant: Variant,
    /// The deal's seed.
    pub seed: u64,
    /// Each seat's bot name.
    pub bots: [String; PLAYERS],
    /// Each player's dealt hand.
    pub dealt: [Vec<Card>; PLAYERS],
    /// Every turn in order.
    pub turns: Vec<Turn>,
    /// How the game ended; `None` if it was stopped after [`MAX_TURNS`] turns.
    pub end: Option<End>,
    /// The players by rank (then seat).
    pub ranking: Vec<Ranked>,
}

/// Plays a game of `variant` dealt from `seed` between `bots` (seat order), the engine checking
/// every play as in [`play_game`], and records it turn by turn.
pub fn replay(variant: Variant, seed: u64, bots: [&dyn Bot<Game>; PLAYERS]) -> Replay {
    let played = play_game(variant, seed, bots);
    // The game is played by the engine, then its record replayed here play by play for the log.
    let mut game = Game::new(variant, seed);
    let dealt: [Vec<Card>; PLAYERS] = std::array::from_fn(|player| game.hand(player).to_vec());
    let mut turns = Vec::new();
    for turn in &played.record.moves {
        let player = game.active_player();
        // A forfeited turn (the record's last) is refused: the ending says what was wrong.
        let action = match turn {
            Move::Draw => match game.apply_play(Play::Draw) {
                Ok(card) => TurnAction::Draw { card },
                Err(_) => break,
            },
            Move::Plays(plays) => {
                // A play starts a new group when it names the next group number.
                let mut groups = game.table().len();
                let plays = plays
                    .iter()
                    .map(|&play| {
                        let new_group = match play {
                            Play::FromHand { to, .. } | Play::Move { to, .. } => to == groups,
                            Play::Draw | Play::EndTurn => false,
                        };
                        groups += usize::from(new_group);
                        TurnPlay {
                            play,
                            new_group: new_group && matches!(play, Play::FromHand { .. }),
                        }
                    })
                    .collect();
                if game.apply_turn(turn).is_err() {
                    break;
                }
                TurnAction::Plays { plays }
            }
        };
        turns.push(Turn {
            number: turns.len() + 1,
            player,
            action,
            cards_left: game.hand(player).len(),
            stock_left: game.stock_len(),
            table: game.table().to_vec(),
        });
    }
    let game = played.game;
    let ranks = game.ranking().unwrap_or([1; PLAYERS]);
    let points = game.points();
    let mut order: Vec<usize> = (0..PLAYERS).collect();
    order.sort_by_key(|&player| (ranks[player], player));
    Replay {
        variant,
        seed,
        bots: std::array::from_fn(|player| bots[player].name().to_owned()),
        dealt,
        turns,
        end: game.end().cloned(),
        ranking: order
            .into_iter()
            .map(|player| Ranked {
                rank: ranks[player],
                player,
                points: points[player],
                hand: game.hand(player).to_vec(),
            })
            .collect(),
    }
}

impl Replay {
    /// `player 2 (greedy)`.
    fn name(&self, player: usize) -> String {
        format!("player {player} ({})", self.bots[player])
    }

    /// How the game ended, in words: `the game ends: player 1 (greedy) has played all their
    /// cards`.
    pub fn ending(&self) -> String {
        match &self.end {
            Some(End::HandEmpty { player }) => format!(
                "the game ends: {} has played all their cards",
                self.name(*player)
            ),
            Some(End::StockExhausted) => "the game ends: the stock is exhausted".to_owned(),
            Some(End::Forfeit {
                player,
                play,
                error,
            }) => format!(
                "the game ends: {} forfeits with {play:?}: {error}",
                self.name(*player)
            ),
            None => format!("the game was stopped after {MAX_TURNS} turns"),
        }
    }
}

impl fmt::Display for Turn {
    /// `turn 3: draws 4H (51 left in the stock)` or `turn 4: plays …; 9 cards left` and the
    /// table on the next line; the player is named by [`Replay`]'s log.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.action {
            TurnAction::Draw { card } => {
                let card = card.map_or_else(String::new, |card| card.to_string());
                write!(f, "draws {card} ({} left in the stock)", self.stock_left)
            }
            TurnAction::Plays { plays } => {
                write!(
                    f,
                    "plays {}; {} cards left\n  table: {}",
                    plays.iter().join(", "),
                    self.cards_left,
                    self.table
                        .iter()
                        .map(|group| format!("[{}]", show_cards(group)))
                        .join(" ")
                )
            }
        }
    }
}

impl fmt::Display for Replay {
    /// The log: the deal, one line per turn (plays are followed by the table), the ending and
    /// the ranking.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.variant == Variant::Jokers {
            "joker"
        } else {
            "basic"
        };
        writeln!(f, "huxxy, {kind} game, seed {}", self.seed)?;
        for (player, hand) in self.dealt.iter().enumerate() {
            writeln!(f, "{} is dealt {}", self.name(player), show_cards(hand))?;
        }
        for turn in &self.turns {
            writeln!(f, "turn {}: {} {turn}", turn.number, self.name(turn.player))?;
        }
        writeln!(f, "{}", self.ending())?;
        for ranked in &self.ranking {
            writeln!(
                f,
                "{}. {}: {} points left ({})",
                ranked.rank,
                self.name(ranked.player),
                ranked.points,
                show_cards(&ranked.hand)
            )?;
        }
        Ok(())
    }
}
