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
use super::rules::{PaoHonba, PaoScope};
use mahjong::{CalledMeld, FullHand, Piece, Points, Score, ScoreError, Situation, Yaku, score};

/// What a winner collects besides the hand: the honba or not, and how many riichi sticks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Takes {
    /// The honba.
    pub honba: bool,
    /// Riichi sticks.
    pub sticks: u32,
}

impl Takes {
    /// Neither (for checking a win).
    pub(crate) const NOTHING: Takes = Takes {
        honba: false,
        sticks: 0,
    };
}

/// The yaku a seat can be liable for (pao), in the order of a seat's entries in `Game::pao`.
pub(crate) const PAO_YAKU: [Yaku; 3] = [Yaku::Daisangen, Yaku::Daisuushii, Yaku::Suukantsu];

impl Game {
    /// Whether `seat` can win on `tile` as `how` says: a complete hand with a yaku (and,
    /// without atozuke, a yaku on every tile it waits on).
    pub(crate) fn can_win(&self, seat: usize, tile: Piece, how: How) -> bool {
        self.score_of(seat, tile, how, Takes::NOTHING).is_ok()
            && (self.rules.atozuke || self.yaku_on_every_wait(seat, tile, how))
    }

    /// Without atozuke: whether the hand has a yaku whichever of its waits completes it.
    fn yaku_on_every_wait(&self, seat: usize, tile: Piece, how: How) -> bool {
        let mut waiting = self.hands[seat].clone();
        if matches!(how, How::Tsumo { .. })
            && let Some(at) = waiting.iter().position(|piece| *piece == tile)
        {
            waiting.remove(at);
        }
        (0..mahjong::KINDS)
            .filter(|&index| self.waits[seat] & (1 << index) != 0)
            .all(|index| {
                let wait = Piece {
                    tile: mahjong::Tile::at(index),
                    red: false,
                };
                let mut concealed = waiting.clone();
                concealed.push(wait);
                self.score_with(seat, concealed, wait, how, Takes::NOTHING)
                    .is_ok()
            })
    }

    /// The scorer's verdict on `seat` winning on `tile`, collecting what `takes` says of the
    /// honba and the sticks.
    pub(crate) fn score_of(
        &self,
        seat: usize,
        tile: Piece,
        how: How,
        takes: Takes,
    ) -> Result<(Score, Vec<Piece>), ScoreError> {
        let mut concealed = self.hands[seat].clone();
        if !matches!(how, How::Tsumo { .. }) {
            concealed.push(tile);
        }
        self.score_with(seat, concealed, tile, how, takes)
    }

    /// The scorer's verdict on `seat` winning on `tile` with these concealed tiles (the
    /// winning tile among them), in the hand's situation now.
    pub(crate) fn score_with(
        &self,
        seat: usize,
        concealed: Vec<Piece>,
        tile: Piece,
        how: How,
        takes: Takes,
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
        // Ura dora for a riichi winner: under each indicator, or only the first's without
        // kan ura.
        let uras = match (riichi.accepted && self.rules.ura_dora, self.rules.kan_ura) {
            (false, _) => 0,
            (true, true) => self.indicators.len(),
            (true, false) => 1,
        };
        let ura: Vec<Piece> = (0..uras).filter_map(|index| self.wall.ura(index)).collect();
        let situation = Situation {
            win: tile,
            tsumo,
            riichi: riichi.accepted && !riichi.double,
            double_riichi: riichi.accepted && riichi.double,
            ippatsu: self.rules.ippatsu && riichi.accepted && riichi.ippatsu,
            rinshan: tsumo && rinshan,
            chankan: !tsumo && what == Claimed::Kakan,
            haitei: tsumo && !rinshan && last,
            houtei: !tsumo && what == Claimed::Discard && last,
            tenhou: tsumo && first_turn && seat == self.dealer,
            chiihou: tsumo && first_turn && seat != self.dealer,
            renhou: self.rules.renhou != mahjong::Renhou::None
                && !tsumo
                && first_turn
                && seat != self.dealer,
            seat_wind: self.seat_wind(seat),
            round_wind: self.id.wind,
            dora_indicators: self.indicators.clone(),
            ura_indicators: ura.clone(),
            honba: if takes.honba { self.id.honba } else { 0 },
            riichi_sticks: takes.sticks,
            kita: u32::from(self.kita[seat]),
        };
        score(&hand, &situation, &self.scoring).map(|score| (score, ura))
    }

    /// The seat liable (pao) for `seat`'s win scored `score`, with the yakuman multiple it
    /// answers for (the liable yakuman's own).
    fn liable(&self, seat: usize, score: &Score) -> Option<(usize, u32)> {
        PAO_YAKU
            .iter()
            .zip(self.pao[seat])
            .find_map(|(&yaku, liable)| {
                let liable = liable?;
                let counted = score.yaku.iter().find(|one| one.yaku == yaku)?;
                Some((liable, counted.han / 13))
            })
    }

    /// The seat that discarded the tile of the open kan whose replacement tile `how` wins on,
    /// when the rules make it pay (daiminkan pao).
    fn kan_feeder(&self, how: How) -> Option<usize> {
        match how {
            How::Tsumo { rinshan: true } if self.rules.daiminkan_pao => self.rinshan_feeder,
            _ => None,
        }
    }

    /// The win of `seat` on `tile` from `from` (itself on a tsumo), with its payments: the
    /// honba and the sticks as `takes` says.
    pub(crate) fn score_win(
        &self,
        seat: usize,
        from: usize,
        tile: Piece,
        how: How,
        takes: Takes,
    ) -> Result<Win, ScoreError> {
        let tsumo = matches!(how, How::Tsumo { .. });
        let (score, ura) = self.score_of(seat, tile, how, takes)?;
        let honba = if takes.honba { self.id.honba as i32 } else { 0 };
        let points = score.points;
        let players = self.seat_count();
        let dealer_wins = seat == self.dealer;
        // A honba is worth the rules' points from each payer: a ron's all from the one.
        let per_payer = self.rules.honba as i32;
        let per_ron = per_payer * (players as i32 - 1);
        let value_of = |yakuman: u32, tsumo: bool| -> i32 {
            Points::under(&self.scoring, 8_000 * yakuman, dealer_wins, tsumo, 0, 0).total as i32
        };
        let mut deltas = [0i32; 4];
        // A normal tsumo's shares of `points`, each with `honba` points more.
        let shares = |deltas: &mut [i32; 4], points: &Points, honba: i32| {
            for payer in (0..players).filter(|&payer| payer != seat) {
                let share = if payer == self.dealer {
                    points.dealer.or(points.non_dealer)
                } else {
                    points.non_dealer
                };
                deltas[payer] -= share.unwrap_or(0) as i32 + honba;
            }
        };
        let pao = self.liable(seat, &score);
        let part = self.rules.pao_scope == PaoScope::Part;
        match (tsumo, pao) {
            // Only the liable yakuman's part: the liable seat pays its value, the rest is a
            // normal tsumo of the other yakuman.
            (true, Some((liable, liable_yakuman))) if part && liable_yakuman < score.yakuman => {
                deltas[liable] -= value_of(liable_yakuman, true);
                let rest = Points::under(
                    &self.scoring,
                    8_000 * (score.yakuman - liable_yakuman),
                    dealer_wins,
                    true,
                    0,
                    0,
                );
                shares(&mut deltas, &rest, per_payer * honba);
            }
            // The liable seat answers for the whole hand, other yakuman with it included
            // (Tenhou makes it pay all of a daisangen and tsuuiisou tsumo), with its honba.
            (true, Some((liable, _))) => deltas[liable] -= points.total as i32 + per_ron * honba,
            (true, None) => match self.kan_feeder(how) {
                // Paid as a ron by the discarder of the kanned tile.
                Some(feeder) => {
                    let ron = Points::under(&self.scoring, score.base, dealer_wins, false, 0, 0);
                    deltas[feeder] -= ron.total as i32 + per_ron * honba;
                }
                None => shares(&mut deltas, &points, per_payer * honba),
            },
            // A ron by another seat's discard: the liable seat pays half of what it answers
            // for, the discarder the rest; the honba as the rules say.
            (false, Some((liable, liable_yakuman))) if liable != from => {
                let value = points.ron.unwrap_or(points.total) as i32;
                let answers = if part {
                    value_of(liable_yakuman, false).min(value)
                } else {
                    value
                };
                let half = answers / 2;
                let honba_points = per_ron * honba;
                let (liable_honba, discarder_honba) = match self.rules.pao_honba {
                    PaoHonba::Liable => (honba_points, 0),
                    PaoHonba::Discarder => (0, honba_points),
                };
                deltas[liable] -= half + liable_honba;
                deltas[from] -= value - half + discarder_honba;
            }
            (false, _) => {
                let value = points.ron.unwrap_or(points.total) as i32;
                deltas[from] -= value + per_ron * honba;
            }
        }
        let paid: i32 = -deltas.iter().sum::<i32>();
        deltas[seat] += paid + 1000 * takes.sticks as i32;
        Ok(Win {
            seat,
            from,
            tile,
            score,
            ura,
            pao: pao.map(|(liable, _)| liable),
            deltas,
        })
    }
}
