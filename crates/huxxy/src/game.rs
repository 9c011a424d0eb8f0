//! The game engine: the deal, turn order, the stock, the six-play cap, both ends of the game
//! and the ranking, reproducible from a seed.
//!
//! Player 0 plays first, then 1, 2, 3 and round again. The game ends as soon as a player ends
//! a turn with an empty hand, or right after the draw that empties the stock. Players rank by
//! the points left in hand, lowest first (jokers 48); equal points share a rank. A player who
//! makes an invalid play forfeits: they lose and the other three win.

use crate::card::{Card, PLAYERS, Variant, deal, score};
use crate::play::{Play, PlayError, Played, TurnInfo, apply_to, check_play_with, legal_plays_with};

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
