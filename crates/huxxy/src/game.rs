//! The game engine: the deal, turn order, the stock, the six-play cap, both ends of the game
//! and the ranking, reproducible from a seed; and the game on `tiles-core`'s interface, where
//! a move is a whole turn.
//!
//! Player 0 plays first, then 1, 2, 3 and round again. The game ends as soon as a player ends
//! a turn with an empty hand, or right after the draw that empties the stock. Players rank by
//! the points left in hand, lowest first (jokers 48); equal points share a rank. A player who
//! makes an invalid play forfeits: they lose and the other three win.

use std::fmt;

use crate::card::{Card, PLAYERS, Variant, deal, score};
use crate::play::{Play, PlayError, Played, TurnInfo, apply_to, check_play_with, legal_plays_with};

/// A whole turn, the move of `tiles-core`'s game interface: a draw, or card plays (from the
/// hand, or moves of table cards) after which the turn ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Move {
    /// Draw the top card of the stock.
    Draw,
    /// These card plays ([`Play::FromHand`] or [`Play::Move`]), then the end of the turn.
    Plays(Vec<Play>),
}

/// A turn refused: the play that broke a rule, and the rule. The game is left as it was at
/// the start of the turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnError {
    /// The play refused ([`Play::EndTurn`] when the turn could not end).
    pub play: Play,
    /// Why.
    pub error: PlayError,
}

impl fmt::Display for TurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}: {}", self.play, self.error)
    }
}

impl std::error::Error for TurnError {}

/// What a player may see at the start of its turn: its own hand, the table, how many cards
/// each player holds, who has opened, the stock's size and every play so far (draws show no
/// card).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct View {
    /// The game's variant.
    pub variant: Variant,
    /// The player this view is for.
    pub player: usize,
    /// Its hand.
    pub hand: Vec<Card>,
    /// The table (every group valid between turns).
    pub table: Vec<Vec<Card>>,
    /// Whether each player has completed their opening turn.
    pub opened: [bool; PLAYERS],
    /// Cards in each player's hand.
    pub hand_sizes: [usize; PLAYERS],
    /// Cards left in the stock.
    pub stock_left: usize,
    /// Every play so far.
    pub history: Vec<Played>,
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    /// The player ended a turn with no cards left.
    HandEmpty {
        /// The player.
        player: usize,
    },
    /// The last card of the stock was drawn.
    StockExhausted,
    /// The player made an invalid play.
    Forfeit {
        /// The player.
        player: usize,
        /// The play.
        play: Play,
        /// Why it was invalid.
        error: PlayError,
    },
}

/// A game in progress (or over).
#[derive(Debug, Clone)]
pub struct Game {
    variant: Variant,
    hands: [Vec<Card>; PLAYERS],
    table: Vec<Vec<Card>>,
    /// The stock with its top card last.
    stock: Vec<Card>,
    history: Vec<Played>,
    info: TurnInfo,
    active: usize,
    end: Option<End>,
}

impl Game {
    /// Shuffles the pack of `variant` from `seed` and deals; player 0 is to play.
    pub fn new(variant: Variant, seed: u64) -> Game {
        let dealt = deal(variant, seed);
        let mut stock = dealt.stock;
        stock.reverse();
        Game {
            variant,
            hands: dealt.hands,
            table: Vec::new(),
            stock,
            history: Vec::new(),
            info: TurnInfo::default(),
            active: 0,
            end: None,
        }
    }

    /// The game's variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The player to play.
    pub fn active_player(&self) -> usize {
        self.active
    }

    /// A player's hand.
    pub fn hand(&self, player: usize) -> &[Card] {
        &self.hands[player]
    }

    /// The table: groups of cards (during a turn some may be invalid or empty).
    pub fn table(&self) -> &[Vec<Card>] {
        &self.table
    }

    /// Every play so far.
    pub fn history(&self) -> &[Played] {
        &self.history
    }

    /// Cards left in the stock.
    pub fn stock_len(&self) -> usize {
        self.stock.len()
    }

    /// What the history says about the turn in progress.
    pub fn turn_info(&self) -> &TurnInfo {
        &self.info
    }

    /// How the game ended, if it has.
    pub fn end(&self) -> Option<&End> {
        self.end.as_ref()
    }

    /// Checks a play by the active player without making it.
    ///
    /// # Errors
    ///
    /// The rule it breaks; [`PlayError::GameOver`] once the game is over.
    pub fn check(&self, play: Play) -> Result<(), PlayError> {
        if self.end.is_some() {
            return Err(PlayError::GameOver);
        }
        let played = Played {
            player: self.active,
            play,
        };
        check_play_with(
            self.variant,
            played,
            &self.info,
            self.stock.len(),
            self.active,
            &self.hands[self.active],
            &self.table,
        )
    }

    /// Every valid play of the active player (none once the game is over).
    pub fn legal_plays(&self) -> Vec<Play> {
        if self.end.is_some() {
            return Vec::new();
        }
        legal_plays_with(
            self.variant,
            &self.info,
            self.stock.len(),
            self.active,
            &self.hands[self.active],
            &self.table,
        )
    }

    /// Makes a play of the active player, returning the card drawn for a draw. A failed play
    /// leaves the game unchanged.
    ///
    /// # Errors
    ///
    /// The rule the play breaks ([`Game::check`]).
    pub fn apply_play(&mut self, play: Play) -> Result<Option<Card>, PlayError> {
        self.check(play)?;
        let player = self.active;
        self.history.push(Played { player, play });
        self.info.record(Played { player, play });
        let mut drawn = None;
        match play {
            Play::Draw => {
                let card = self.stock.pop().expect("checked: the stock is not empty");
                self.hands[player].push(card);
                drawn = Some(card);
                if self.stock.is_empty() {
                    self.end = Some(End::StockExhausted);
                }
                self.active = (player + 1) % PLAYERS;
            }
            Play::EndTurn => {
                apply_to(play, &mut self.hands[player], &mut self.table);
                if self.hands[player].is_empty() {
                    self.end = Some(End::HandEmpty { player });
                }
                self.active = (player + 1) % PLAYERS;
            }
            Play::FromHand { .. } | Play::Move { .. } => {
                apply_to(play, &mut self.hands[player], &mut self.table);
            }
        }
        Ok(drawn)
    }

    /// Makes a play, and if it is invalid ends the game with the active player's forfeit.
    /// Returns whether the play was valid.
    pub fn play_or_forfeit(&mut self, play: Play) -> bool {
        match self.apply_play(play) {
            Ok(_) => true,
            Err(error) => {
                if self.end.is_none() {
                    self.end = Some(End::Forfeit {
                        player: self.active,
                        play,
                        error,
                    });
                }
                false
            }
        }
    }

    /// Makes a whole turn of the active player: its plays, then the end of the turn (or a
    /// draw). A refused turn leaves the game as it was.
    ///
    /// # Errors
    ///
    /// The play refused and why; [`PlayError::NotACardPlay`] for a draw or an end of turn
    /// among the plays.
    pub fn apply_turn(&mut self, turn: &Move) -> Result<(), TurnError> {
        let plays: Vec<Play> = match turn {
            Move::Draw => vec![Play::Draw],
            Move::Plays(plays) => {
                if let Some(&play) = plays
                    .iter()
                    .find(|play| matches!(play, Play::Draw | Play::EndTurn))
                {
                    return Err(TurnError {
                        play,
                        error: PlayError::NotACardPlay,
                    });
                }
                plays.iter().copied().chain([Play::EndTurn]).collect()
            }
        };
        // A refused play changes nothing, and card plays change only the player's hand, the
        // table, the history and what it says: those are put back if a later play is refused.
        let player = self.active;
        let start = (
            self.hands[player].clone(),
            self.table.clone(),
            self.history.len(),
            self.info,
        );
        for (index, play) in plays.into_iter().enumerate() {
            if let Err(error) = self.apply_play(play) {
                if index > 0 {
                    let (hand, table, history, info) = start;
                    self.hands[player] = hand;
                    self.table = table;
                    self.history.truncate(history);
                    self.info = info;
                }
                return Err(TurnError { play, error });
            }
        }
        Ok(())
    }

    /// Each player's points left in hand (jokers 48).
    pub fn points(&self) -> [u32; PLAYERS] {
        std::array::from_fn(|player| score(&self.hands[player]))
    }

    /// Each player's rank once the game is over (1 is best): by points left, lowest first,
    /// equal points sharing a rank; after a forfeit the offender is 4th and the others 1st.
    pub fn ranking(&self) -> Option<[usize; PLAYERS]> {
        match self.end.as_ref()? {
            End::Forfeit { player, .. } => {
                Some(std::array::from_fn(
                    |p| {
                        if p == *player { PLAYERS } else { 1 }
                    },
                ))
            }
            End::HandEmpty { .. } | End::StockExhausted => {
                let points = self.points();
                Some(std::array::from_fn(|p| {
                    1 + points.iter().filter(|&&other| other < points[p]).count()
                }))
            }
        }
    }
}

impl tiles_core::Game for Game {
    type Options = Variant;
    type Move = Move;
    type View = View;
    type Error = TurnError;

    fn deal(variant: &Variant, seed: u64) -> Game {
        Game::new(*variant, seed)
    }

    fn players(&self) -> usize {
        PLAYERS
    }

    fn to_move(&self) -> Option<usize> {
        self.end.is_none().then_some(self.active)
    }

    fn view(&self, player: usize) -> View {
        View {
            variant: self.variant,
            player,
            hand: self.hands[player].clone(),
            table: self.table.clone(),
            opened: self.info.opened,
            hand_sizes: std::array::from_fn(|p| self.hands[p].len()),
            stock_left: self.stock.len(),
            history: self.history.clone(),
        }
    }

    fn apply(&mut self, turn: &Move) -> Result<(), TurnError> {
        self.apply_turn(turn)
    }

    fn forfeit(&mut self, error: TurnError) {
        if self.end.is_none() {
            self.end = Some(End::Forfeit {
                player: self.active,
                play: error.play,
                error: error.error,
            });
        }
    }

    /// Ranks as [`Game::ranking`]; points are the points left in hand (fewer is better).
    fn outcome(&self) -> Option<tiles_core::Outcome> {
        let ranks = self.ranking()?;
        Some(tiles_core::Outcome {
            ranks: ranks.to_vec(),
            points: self.points().iter().map(|&p| i64::from(p)).collect(),
            forfeit: match self.end {
                Some(End::Forfeit { player, .. }) => Some(player),
                _ => None,
            },
        })
    }
}
