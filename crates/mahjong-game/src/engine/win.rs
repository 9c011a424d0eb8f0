//! A win: the hand and situation the scorer is given, and who pays what (pao included).

use super::event::Win;
use super::state::{Claimed, Game};

/// How a tile wins: drawn (a replacement tile after a kan when `rinshan`), or claimed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum How {
    /// By tsumo.
    Tsumo {
        /// On a kan's replacement tile.
        rinshan: bool,
    },
    /// By ron on a discard, an added kan's tile (chankan) or a concealed kan's (thirteen
    /// orphans only).
    Ron(Claimed),
}
use mahjong::{CalledMeld, FullHand, Piece, Score, ScoreError, Situation, Yaku, score};

impl Game {
    /// Whether `seat` can win on `tile` as `how` says: a complete hand with a yaku.
    pub(crate) fn can_win(&self, seat: usize, tile: Piece, how: How) -> bool {
        self.score_of(seat, tile, how, false).is_ok()
    }

    /// The scorer's verdict on `seat` winning on `tile`; `first`: this winner collects the
    /// honba and the sticks.
    pub(crate) fn score_of(
        &self,
        seat: usize,
        tile: Piece,
        how: How,
        first: bool,
    ) -> Result<(Score, Vec<Piece>), ScoreError> {
        let mut concealed = self.hands[seat].clone();
        if !matches!(how, How::Tsumo { .. }) {
            concealed.push(tile);
        }
        self.score_with(seat, concealed, tile, how, first)
    }

    /// The scorer's verdict on `seat` winning on `tile` with these concealed tiles (the
    /// winning tile among them), in the hand's situation now.
    pub(crate) fn score_with(
        &self,
        seat: usize,
        concealed: Vec<Piece>,
        tile: Piece,
        how: How,
        first: bool,
    ) -> Result<(Score, Vec<Piece>), ScoreError> {
        let (tsumo, rinshan, what) = match how {
            How::Tsumo { rinshan } => (true, rinshan, Claimed::Discard),
            How::Ron(what) => (false, false, what),
        };
        let mut melds = Vec::with_capacity(self.melds[seat].len());
        for meld in &self.melds[seat] {
            melds
                .push(CalledMeld::new(meld.kind, &meld.tiles).expect("the game's melds are melds"));
        }
        let hand = FullHand::new(&concealed, melds).expect("the game's hands are hands");
        let riichi = self.riichi[seat];
        let last = self.wall.live_left() == 0;
        let first_turn = self.discards_made[seat] == 0 && !self.called_any && !rinshan;
        let ura: Vec<Piece> = if riichi.accepted {
            (0..self.indicators.len())
                .filter_map(|index| self.wall.ura(index))
                .collect()
        } else {
            Vec::new()
        };
        let situation = Situation {
            win: tile,
            tsumo,
            riichi: riichi.accepted && !riichi.double,
            double_riichi: riichi.accepted && riichi.double,
            ippatsu: riichi.accepted && riichi.ippatsu,
            rinshan: tsumo && rinshan,
            chankan: !tsumo && what == Claimed::Kakan,
            haitei: tsumo && !rinshan && last,
            houtei: !tsumo && what == Claimed::Discard && last,
            tenhou: tsumo && first_turn && seat == self.dealer,
            chiihou: tsumo && first_turn && seat != self.dealer,
            seat_wind: self.seat_wind(seat),
            round_wind: self.id.wind,
            dora_indicators: self.indicators.clone(),
            ura_indicators: ura.clone(),
            honba: if first { self.id.honba } else { 0 },
            riichi_sticks: if first { self.sticks } else { 0 },
            kita: u32::from(self.kita[seat]),
        };
        score(&hand, &situation, &self.scoring).map(|score| (score, ura))
    }

    /// The win of `seat` on `tile` from `from` (itself on a tsumo), with its payments.
    pub(crate) fn score_win(
        &self,
        seat: usize,
        from: usize,
        tile: Piece,
        how: How,
        first: bool,
    ) -> Result<Win, ScoreError> {
        let tsumo = matches!(how, How::Tsumo { .. });
        let (score, ura) = self.score_of(seat, tile, how, first)?;
        let honba = if first { self.id.honba as i32 } else { 0 };
        let sticks = if first { self.sticks as i32 } else { 0 };
        let points = score.points;
        let players = self.seat_count();
        // A honba is 100 from each payer: 300 a ron with four players, 200 with three.
        let per_honba = 100 * (players as i32 - 1);
        let mut deltas = [0i32; 4];
        let pao = self.pao[seat].filter(|_| {
            score
                .yaku
                .iter()
                .any(|one| matches!(one.yaku, Yaku::Daisangen | Yaku::Daisuushii))
        });
        // The liable seat answers for the whole hand, other yakuman with it included (Tenhou
        // makes it pay all of a daisangen and tsuuiisou tsumo): all of a tsumo with its honba,
        // half of a ron by another seat's discard (the discarder the rest and the honba).
        if tsumo {
            match pao {
                Some(liable) => deltas[liable] -= points.total as i32 + per_honba * honba,
                None => {
                    for payer in (0..players).filter(|&payer| payer != seat) {
                        let share = if payer == self.dealer {
                            points.dealer.or(points.non_dealer)
                        } else {
                            points.non_dealer
                        };
                        deltas[payer] -= share.unwrap_or(0) as i32 + 100 * honba;
                    }
                }
            }
        } else {
            let value = points.ron.unwrap_or(points.total) as i32;
            match pao {
                Some(liable) if liable != from => {
                    let half = value / 2;
                    deltas[liable] -= half;
                    deltas[from] -= value - half + per_honba * honba;
                }
                _ => deltas[from] -= value + per_honba * honba,
            }
        }
        let paid: i32 = -deltas.iter().sum::<i32>();
        deltas[seat] += paid + 1000 * sticks;
        Ok(Win {
            seat,
            from,
            tile,
            score,
            ura,
            pao,
            deltas,
        })
    }
}
