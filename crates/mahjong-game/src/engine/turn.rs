//! Applying a seat's decision: a discard and the claims on it, kans and their dora, calls,
//! and the wins that end a hand.

use super::action::{Action, Meld};
use super::event::{DrawKind, Event};
use super::rules::{KanDoraTiming, MultipleRon, RonHonba, RonSticks};
use super::state::{Claimed, Game, IllegalAction, Phase, Riichi, RiverTile, bit};
use super::win::{How, PAO_YAKU, Takes};
use mahjong::Tile;
use mahjong::{MeldKind, Piece};

impl Game {
    /// Makes `seat`'s decision. On a turn only the seat to move acts; when a tile can be
    /// claimed, any seat with options may decide (in any order), and the claims are settled
    /// once every such seat has.
    ///
    /// # Errors
    ///
    /// [`IllegalAction`] when the game is over, the seat is not to act, or the action is not
    /// one of its legal ones; the game is then unchanged.
    pub fn act(&mut self, seat: usize, action: Action) -> Result<(), IllegalAction> {
        match &self.phase {
            Phase::Over => Err(IllegalAction::GameOver),
            Phase::Turn { seat: turn, .. } => {
                if *turn != seat {
                    return Err(IllegalAction::NotYourTurn {
                        seat,
                        to_move: *turn,
                    });
                }
                if !self.is_legal_on_turn(seat, action) {
                    return Err(self.refuse(seat, action));
                }
                self.turn_action(seat, action)
            }
            Phase::Claims {
                from,
                options,
                chosen,
                ..
            } => {
                if !self.asked(seat, *from, &options[seat]) || chosen[seat].is_some() {
                    return Err(IllegalAction::NotYourTurn {
                        seat,
                        to_move: self.to_move().unwrap_or(seat),
                    });
                }
                if action != Action::Pass && !options[seat].contains(&action) {
                    return Err(self.refuse(seat, action));
                }
                if let Phase::Claims { chosen, .. } = &mut self.phase {
                    chosen[seat] = Some(action);
                }
                if self.to_move().is_none() {
                    self.settle_claims()?;
                }
                Ok(())
            }
        }
    }

    fn refuse(&self, seat: usize, action: Action) -> IllegalAction {
        let legal = self.legal_actions(seat);
        let shown: Vec<String> = legal.iter().map(ToString::to_string).collect();
        IllegalAction::NotLegal {
            seat,
            action: action.to_string(),
            why: if shown.is_empty() {
                "it has no action".to_owned()
            } else {
                format!("legal: {}", shown.join(", "))
            },
        }
    }

    /// A legal action of the seat whose turn it is.
    fn turn_action(&mut self, seat: usize, action: Action) -> Result<(), IllegalAction> {
        let Phase::Turn { drawn, rinshan, .. } = self.phase.clone() else {
            unreachable!("turn_action on a turn");
        };
        match action {
            Action::Discard {
                tile,
                tsumogiri,
                riichi,
            } => self.discard(seat, tile, tsumogiri, riichi),
            Action::Tsumo => {
                let tile = drawn.expect("a tsumo has a drawn tile");
                let takes = Takes {
                    honba: true,
                    sticks: self.sticks,
                };
                let win = self.score_win(seat, seat, tile, How::Tsumo { rinshan }, takes);
                let win = win.expect("a legal tsumo scores");
                self.end_with_wins(vec![(seat, win)])
            }
            Action::NineTerminals => self.end_drawn(DrawKind::NineTerminals),
            Action::Ankan { tile } => {
                let piece = |red| Piece { tile, red };
                let mut consumed = [piece(false); 4];
                let reds = self.holds(seat, piece(true));
                for slot in consumed.iter_mut().take(reds) {
                    *slot = piece(true);
                }
                for one in consumed {
                    self.take_out(seat, one);
                }
                self.melds[seat].push(Meld {
                    kind: MeldKind::Ankan,
                    tiles: consumed.to_vec(),
                    called: None,
                    added: false,
                });
                self.events.push(Event::Ankan { seat, consumed });
                self.after_kan(seat);
                // A closed kan's indicator shows at once (after any still pending).
                self.show_pending_dora()?;
                if self.rules.kan_dora {
                    self.show_dora()?;
                }
                self.open_claims(seat, piece(false), Claimed::Ankan)
            }
            Action::Kakan { tile } => {
                self.take_out(seat, tile);
                let meld = self.melds[seat]
                    .iter_mut()
                    .find(|meld| meld.kind == MeldKind::Pon && meld.tiles[0].tile == tile.tile)
                    .expect("a legal kakan has its pon");
                let consumed = [meld.tiles[0], meld.tiles[1], meld.tiles[2]];
                meld.kind = MeldKind::Kan;
                meld.tiles.push(tile);
                meld.added = true;
                self.events.push(Event::Kakan {
                    seat,
                    tile,
                    consumed,
                });
                self.after_kan(seat);
                // Its indicator waits until the kan stands (nobody robs it), and then until
                // the seat's next discard or next kan.
                self.open_claims(seat, tile, Claimed::Kakan)
            }
            Action::Kita => {
                let north = Piece {
                    tile: Tile::at(30),
                    red: false,
                };
                self.take_out(seat, north);
                self.kita[seat] += 1;
                self.rinshan_feeder = None;
                // A call for the first go-around and for ippatsu (which ends once nobody
                // rons the North).
                self.called_any = true;
                self.waits[seat] = self.compute_waits(seat);
                self.events.push(Event::Kita { seat });
                // An open or added kan's indicator shows first, as with a discard.
                self.show_pending_dora()?;
                self.open_claims(seat, north, Claimed::Kita)
            }
            Action::Ron
            | Action::Chi { .. }
            | Action::Pon { .. }
            | Action::Daiminkan
            | Action::Pass => unreachable!("only turn actions are legal on a turn"),
        }
    }

    /// Bookkeeping common to a concealed and an added kan as it is declared (ippatsu ends
    /// only once the kan stands: a seat robbing it keeps its ippatsu).
    fn after_kan(&mut self, seat: usize) {
        self.kan_seats.push(seat);
        self.rinshan_feeder = None;
        self.called_any = true;
        self.waits[seat] = self.compute_waits(seat);
    }

    /// A kan nobody robbed stands: every seat's ippatsu ends.
    fn end_ippatsu(&mut self) {
        for riichi in &mut self.riichi {
            riichi.ippatsu = false;
        }
    }

    fn discard(
        &mut self,
        seat: usize,
        tile: Piece,
        tsumogiri: bool,
        riichi: bool,
    ) -> Result<(), IllegalAction> {
        self.take_out(seat, tile);
        if riichi {
            self.riichi[seat] = Riichi {
                declared: true,
                accepted: false,
                double: self.discards_made[seat] == 0 && !self.called_any,
                ippatsu: false,
            };
            self.events.push(Event::Riichi { seat });
        } else if self.riichi[seat].accepted {
            // The seat's own discard after riichi ends its ippatsu chance.
            self.riichi[seat].ippatsu = false;
        }
        let order = self.discards_made.iter().sum();
        self.rivers[seat].push(RiverTile {
            tile,
            tsumogiri,
            riichi,
            called: false,
            order,
        });
        self.discards_made[seat] += 1;
        self.furiten_pass[seat] = false;
        self.waits[seat] = self.compute_waits(seat);
        self.events.push(Event::Discard {
            seat,
            tile,
            tsumogiri,
        });
        // An open or added kan's indicator shows once its seat has discarded.
        self.show_pending_dora()?;
        self.open_claims(seat, tile, Claimed::Discard)
    }

    /// Opens the claim window on `tile` from `from`, or moves on if nobody can claim it.
    fn open_claims(
        &mut self,
        from: usize,
        tile: Piece,
        what: Claimed,
    ) -> Result<(), IllegalAction> {
        let options: [Vec<Action>; 4] =
            std::array::from_fn(|seat| self.claim_options(seat, from, tile, what));
        self.phase = Phase::Claims {
            from,
            tile,
            what,
            options,
            chosen: [None; 4],
        };
        if self.to_move().is_none() {
            self.settle_claims()?;
        }
        Ok(())
    }

    /// Every seat has decided on the tile on the table: wins first, then a pon or kan, then
    /// a chi, else play goes on.
    fn settle_claims(&mut self) -> Result<(), IllegalAction> {
        let Phase::Claims {
            from,
            tile,
            what,
            chosen,
            ..
        } = std::mem::replace(&mut self.phase, Phase::Over)
        else {
            unreachable!("settle_claims in a claim window");
        };
        let players = self.seat_count();
        let order: Vec<usize> = (1..players).map(|step| (from + step) % players).collect();
        let rons: Vec<usize> = order
            .iter()
            .copied()
            .filter(|&seat| chosen[seat] == Some(Action::Ron))
            .collect();
        // A winning tile let go: furiten until the seat's next discard (for good in riichi).
        // Only thirteen orphans may rob a concealed kan, so only such a seat lets one go.
        for &seat in &order {
            if !rons.contains(&seat)
                && self.waits[seat] & bit(tile.tile) != 0
                && (what != Claimed::Ankan || self.may_rob_ankan(seat, tile.tile))
            {
                self.furiten_pass[seat] = true;
                if self.riichi[seat].accepted {
                    self.furiten_riichi[seat] = true;
                }
            }
        }
        let rons: &[usize] = match self.rules.multiple_ron {
            // Only the first seat from the discarder wins.
            MultipleRon::HeadBump => &rons[..rons.len().min(1)],
            MultipleRon::Double if rons.len() == 3 => {
                return self.end_drawn(DrawKind::TripleRon);
            }
            MultipleRon::Double | MultipleRon::All => &rons,
        };
        if !rons.is_empty() {
            // The first winner from the discarder takes the honba and the sticks, or as the
            // rules split them: the honba to each, each its own stick back.
            let own = |seat: usize| u32::from(self.riichi[seat].accepted);
            let others_own: u32 = rons[1..].iter().map(|&seat| own(seat)).sum();
            let mut wins = Vec::new();
            for (index, &seat) in rons.iter().enumerate() {
                let first = index == 0;
                let takes = Takes {
                    honba: first || self.rules.multiple_ron_honba == RonHonba::Each,
                    sticks: match (first, self.rules.multiple_ron_sticks) {
                        (true, RonSticks::First) => self.sticks,
                        (true, RonSticks::OwnBack) => self.sticks - others_own,
                        (false, RonSticks::First) => 0,
                        (false, RonSticks::OwnBack) => own(seat),
                    },
                };
                let win = self.score_win(seat, from, tile, How::Ron(what), takes);
                wins.push((seat, win.expect("a legal ron scores")));
            }
            return self.end_with_wins(wins);
        }
        // The riichi discard passed: the stick goes on the table.
        if what == Claimed::Discard && self.riichi[from].declared && !self.riichi[from].accepted {
            self.riichi[from].accepted = true;
            self.riichi[from].ippatsu = true;
            self.scores[from] -= 1000;
            self.sticks += 1;
            self.events.push(Event::RiichiAccepted { seat: from });
            // Three players all in riichi play on.
            if players == 4
                && self.rules.four_riichi
                && self.riichi.iter().all(|riichi| riichi.accepted)
            {
                return self.end_drawn(DrawKind::FourRiichi);
            }
        }
        match what {
            Claimed::Kakan => {
                // The kan stands: an earlier kan's indicator still waiting shows now (a
                // robbed kan shows none). This one's waits for the seat's next discard or next
                // kan; a win on the replacement tile turns it over never (Tenhou: `N T DORA D`
                // for one added kan, `N DORA T DORA D` for two in a row, and three in a row
                // won on the last replacement tile show two new indicators).
                self.end_ippatsu();
                self.show_pending_dora()?;
                if self.rules.kan_dora && self.rules.kan_dora_timing == KanDoraTiming::AtOnce {
                    self.show_dora()?;
                }
                self.draw_for(from, true)?;
                if self.rules.kan_dora && self.rules.kan_dora_timing == KanDoraTiming::AfterDiscard
                {
                    self.pending_dora += 1;
                }
                return Ok(());
            }
            Claimed::Ankan | Claimed::Kita => {
                self.end_ippatsu();
                return self.draw_for(from, true);
            }
            Claimed::Discard => {}
        }
        let call = order.iter().copied().find_map(|seat| match chosen[seat] {
            Some(action @ (Action::Pon { .. } | Action::Daiminkan)) => Some((seat, action)),
            _ => None,
        });
        let call = call.or_else(|| {
            order.iter().copied().find_map(|seat| match chosen[seat] {
                Some(action @ Action::Chi { .. }) => Some((seat, action)),
                _ => None,
            })
        });
        if let Some((seat, action)) = call {
            return self.call(seat, from, tile, action);
        }
        // Four winds: the first four discards, no call, the same wind.
        if players == 4
            && self.rules.four_winds
            && self.discards_made == [1, 1, 1, 1]
            && !self.called_any
        {
            let first = self.rivers[self.dealer][0].tile.tile;
            if (27..31).contains(&first.index())
                && self.rivers.iter().all(|river| river[0].tile.tile == first)
            {
                return self.end_drawn(DrawKind::FourWinds);
            }
        }
        // Four kans by more than one seat: the discard after the fourth passed.
        if self.rules.four_kans
            && self.kan_seats.len() == 4
            && self.kan_seats.iter().any(|&seat| seat != self.kan_seats[0])
        {
            return self.end_drawn(DrawKind::FourKans);
        }
        if self.wall.live_left() == 0 {
            return self.end_exhausted();
        }
        self.draw_for((from + 1) % players, false)
    }

    /// A chi, pon or open kan of `tile` from `from` by `seat`.
    fn call(
        &mut self,
        seat: usize,
        from: usize,
        tile: Piece,
        action: Action,
    ) -> Result<(), IllegalAction> {
        let (kind, consumed): (MeldKind, Vec<Piece>) = match action {
            Action::Chi { tiles } => (MeldKind::Chi, tiles.to_vec()),
            Action::Pon { tiles } => (MeldKind::Pon, tiles.to_vec()),
            Action::Daiminkan => (
                MeldKind::Kan,
                self.hands[seat]
                    .iter()
                    .copied()
                    .filter(|piece| piece.tile == tile.tile)
                    .collect(),
            ),
            _ => unreachable!("a call is a chi, pon or kan"),
        };
        for piece in &consumed {
            self.take_out(seat, *piece);
        }
        if let Some(river) = self.rivers[from].last_mut() {
            river.called = true;
        }
        let mut tiles = consumed.clone();
        tiles.push(tile);
        tiles.sort_by_key(|piece| (piece.tile, !piece.red));
        self.melds[seat].push(Meld {
            kind,
            tiles,
            called: Some((tile, from)),
            added: false,
        });
        self.called_any = true;
        for riichi in &mut self.riichi {
            riichi.ippatsu = false;
        }
        self.note_pao(seat, from, tile.tile, kind);
        self.events.push(Event::Call {
            seat,
            kind,
            from,
            tile,
            consumed,
        });
        if kind == MeldKind::Kan {
            self.kan_seats.push(seat);
            self.waits[seat] = self.compute_waits(seat);
            if self.rules.kan_dora {
                match self.rules.kan_dora_timing {
                    KanDoraTiming::AfterDiscard => self.pending_dora += 1,
                    KanDoraTiming::AtOnce => self.show_dora()?,
                }
            }
            self.draw_for(seat, true)?;
            self.rinshan_feeder = Some(from);
            return Ok(());
        }
        let kuikae = super::legal::kuikae(
            self.rules.kuikae,
            kind,
            tile.tile,
            &self.melds[seat].last().expect("just made").tiles,
        );
        self.phase = Phase::Turn {
            seat,
            drawn: None,
            rinshan: false,
            kuikae,
        };
        Ok(())
    }

    /// Pao: calling the third dragon set or the fourth wind set from a discard makes its
    /// discarder liable for the daisangen or daisuushii, and (where the rules say) an open kan
    /// that is the seat's fourth kan for the suukantsu.
    fn note_pao(&mut self, seat: usize, from: usize, tile: Tile, kind: MeldKind) {
        if kind == MeldKind::Chi {
            return;
        }
        let index = tile.index();
        let sets_of = |range: std::ops::Range<usize>| {
            self.melds[seat]
                .iter()
                .filter(|meld| {
                    meld.kind != MeldKind::Chi && range.contains(&meld.tiles[0].tile.index())
                })
                .count()
        };
        let kans = self.melds[seat]
            .iter()
            .filter(|meld| matches!(meld.kind, MeldKind::Kan | MeldKind::Ankan))
            .count();
        let liable = [
            self.rules.pao_daisangen && (31..34).contains(&index) && sets_of(31..34) == 3,
            self.rules.pao_daisuushii && (27..31).contains(&index) && sets_of(27..31) == 4,
            self.rules.pao_suukantsu && kind == MeldKind::Kan && kans == 4,
        ];
        for (slot, _) in liable.iter().enumerate().filter(|(_, on)| **on) {
            debug_assert!(slot < PAO_YAKU.len());
            self.pao[seat][slot] = Some(from);
        }
    }
}
