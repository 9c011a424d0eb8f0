//! Runs: numbered tiles with consecutive numbers, jokers standing for the missing ones.
//!
//! A run occupies the numbers `start ..= start + len - 1`, all inside the game's range
//! `lowest ..= highest`; it never wraps from the highest number back to the lowest. Each
//! numbered tile takes its own number once; every other number of the run is a joker.
//!
//! Two readings exist. [`fit_unordered`]: the tiles may be given in any order and the run is
//! whatever arrangement works (standard Rummikub). [`fit_ordered`]: the tiles are the
//! run from low to high as given, jokers included, so each joker stands for the number its
//! position implies (the code-golf Rummikub rules).

/// The numbers a valid run occupies: `start ..= start + len - 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RunFit {
    /// The lowest number of the run (possibly a joker's).
    pub start: u8,
    /// How many tiles the run has, jokers included.
    pub len: u8,
}

#[cfg(test)]
impl RunFit {
    /// The highest number of the run (for an empty run, the one before `start`).
    pub fn end(&self) -> u8 {
        self.start.saturating_add(self.len).saturating_sub(1)
    }
}

/// Why tiles are not a run. Numbers are the tiles' own; `position`s are indexes into the slots
/// given to [`fit_ordered`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RunProblem {
    /// Two tiles have the same number.
    Repeated {
        /// The repeated number.
        number: u8,
    },
    /// The tiles would only be consecutive by going from the highest number back to the lowest.
    Wraps {
        /// The highest number, which would have to be followed by the lowest.
        highest: u8,
        /// The lowest number.
        lowest: u8,
    },
    /// Between `after` and `before` the jokers there do not make the numbers consecutive:
    /// `needed` jokers would be, `given` are (in unordered runs: still free for this gap).
    Gap {
        /// The lower number.
        after: u8,
        /// The next number up.
        before: u8,
        /// Jokers that would make the two consecutive.
        needed: u8,
        /// Jokers there (ordered) or still available (unordered).
        given: u8,
    },
    /// In an ordered run, `later` comes after `earlier` but is not higher.
    OutOfOrder {
        /// The number written first.
        earlier: u8,
        /// The number written after it.
        later: u8,
    },
    /// A tile's number is outside the game's range (the caller should have caught it).
    NumberOutOfRange {
        /// The number.
        number: u8,
    },
    /// In an ordered run, the joker at `position` would have to stand for `number`, outside
    /// the game's range.
    JokerOutOfRange {
        /// The joker's index in the slots.
        position: usize,
        /// The number it would stand for (may be 0 or negative).
        number: i32,
    },
    /// More tiles than the range has numbers.
    TooLong {
        /// Tiles given, jokers included.
        len: usize,
        /// The most a run can have: `highest - lowest + 1`.
        max: usize,
    },
}

/// Fits numbered tiles given in any order, plus `n_jokers` jokers, into one run of numbers in
/// `lowest ..= highest`.
///
/// Jokers fill the gaps first; jokers left over extend the run upwards as far as the range
/// allows, then downwards (so `12 13 J` is `11 12 13`). Where a gap is too wide, the problem
/// names the first gap, from the bottom, that the jokers cannot close.
///
/// # Errors
///
/// The first [`RunProblem`] found, in this order: a number out of range, too many tiles, a
/// repeated number, a wrap from highest to lowest, a gap.
pub fn fit_unordered(
    numbers: &[u8],
    n_jokers: usize,
    lowest: u8,
    highest: u8,
) -> Result<RunFit, RunProblem> {
    let span = usize::from(highest.saturating_sub(lowest)) + 1;
    if let Some(&number) = numbers.iter().find(|&&n| n < lowest || n > highest) {
        return Err(RunProblem::NumberOutOfRange { number });
    }
    let len = numbers.len() + n_jokers;
    if len > span || highest < lowest {
        return Err(RunProblem::TooLong { len, max: span });
    }
    let mut sorted = numbers.to_vec();
    sorted.sort_unstable();
    if let Some(pair) = sorted.windows(2).find(|pair| pair[0] == pair[1]) {
        return Err(RunProblem::Repeated { number: pair[0] });
    }
    let (Some(&min), Some(&max)) = (sorted.first(), sorted.last()) else {
        // Jokers only: they stand for the lowest numbers. (`len == 0` gives an empty run.)
        return Ok(RunFit {
            start: lowest,
            len: len as u8,
        });
    };
    let gaps = usize::from(max - min) + 1 - sorted.len();
    if gaps > n_jokers {
        // Would the tiles be consecutive if the range wrapped around? Going round the circle
        // of numbers, the jokers must fill every gap but one; if the gap left open is inside
        // the tiles (not the way round from highest to lowest), the run would wrap.
        let widest_inside = sorted
            .windows(2)
            .map(|pair| usize::from(pair[1] - pair[0]) - 1)
            .max()
            .unwrap_or(0);
        let way_round = usize::from(highest - max) + usize::from(min - lowest);
        let all_gaps = span - sorted.len();
        if widest_inside > way_round && all_gaps - widest_inside <= n_jokers {
            return Err(RunProblem::Wraps { highest, lowest });
        }
        let mut free = n_jokers;
        for pair in sorted.windows(2) {
            let needed = usize::from(pair[1] - pair[0]) - 1;
            if needed > free {
                return Err(RunProblem::Gap {
                    after: pair[0],
                    before: pair[1],
                    needed: needed as u8,
                    given: free as u8,
                });
            }
            free -= needed;
        }
        unreachable!("the gaps add up to more than the jokers, so one of them is too wide");
    }
    let extra = n_jokers - gaps;
    let room_above = usize::from(highest - max);
    let below = extra.saturating_sub(room_above);
    Ok(RunFit {
        start: min - below as u8,
        len: len as u8,
    })
}

/// Fits a run written from low to high, as given: each slot is a tile's number, or `None` for
/// a joker, which stands for the number its position implies.
///
/// # Errors
///
/// The first [`RunProblem`] found going from left to right: a number out of range, too many
/// tiles, then for each tile and the numbered tile before it a repeat, a wrap, a descent or a
/// wrong number of jokers between them, and finally a joker before the lowest or after the
/// highest number.
pub fn fit_ordered(slots: &[Option<u8>], lowest: u8, highest: u8) -> Result<RunFit, RunProblem> {
    let span = usize::from(highest.saturating_sub(lowest)) + 1;
    if let Some(number) = slots
        .iter()
        .flatten()
        .copied()
        .find(|&n| n < lowest || n > highest)
    {
        return Err(RunProblem::NumberOutOfRange { number });
    }
    if slots.len() > span || highest < lowest {
        return Err(RunProblem::TooLong {
            len: slots.len(),
            max: span,
        });
    }
    let mut previous: Option<(usize, u8)> = None;
    for (position, slot) in slots.iter().enumerate() {
        let Some(number) = *slot else { continue };
        if let Some((previous_position, earlier)) = previous {
            let distance = position - previous_position;
            let wrapped = usize::from(number) + span;
            if number == earlier {
                return Err(RunProblem::Repeated { number });
            } else if number < earlier && wrapped - usize::from(earlier) == distance {
                return Err(RunProblem::Wraps { highest, lowest });
            } else if number < earlier {
                return Err(RunProblem::OutOfOrder {
                    earlier,
                    later: number,
                });
            } else if usize::from(number - earlier) != distance {
                return Err(RunProblem::Gap {
                    after: earlier,
                    before: number,
                    needed: number - earlier - 1,
                    given: (distance - 1) as u8,
                });
            }
        }
        previous = Some((position, number));
    }
    let start = match slots.iter().position(Option::is_some) {
        Some(first) => i32::from(slots[first].unwrap_or(lowest)) - first as i32,
        None => i32::from(lowest),
    };
    let end = start + slots.len() as i32 - 1;
    if start < i32::from(lowest) {
        return Err(RunProblem::JokerOutOfRange {
            position: 0,
            number: start,
        });
    }
    if end > i32::from(highest) {
        return Err(RunProblem::JokerOutOfRange {
            position: slots.len() - 1,
            number: end,
        });
    }
    Ok(RunFit {
        start: start as u8,
        len: slots.len() as u8,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn unordered_runs() {
        assert_eq!(
            fit_unordered(&[5, 6, 7], 0, 1, 13),
            Ok(RunFit { start: 5, len: 3 })
        );
        assert_eq!(
            fit_unordered(&[12, 13], 1, 1, 13),
            Ok(RunFit { start: 11, len: 3 })
        );
        assert_eq!(
            fit_unordered(&[1, 2], 1, 1, 13),
            Ok(RunFit { start: 1, len: 3 })
        );
        assert_eq!(
            fit_unordered(&[], 2, 1, 13),
            Ok(RunFit { start: 1, len: 2 })
        );
        assert_eq!(
            fit_unordered(&[5, 8], 0, 1, 13),
            Err(RunProblem::Gap {
                after: 5,
                before: 8,
                needed: 2,
                given: 0
            })
        );
        assert_eq!(
            fit_unordered(&[12, 13, 1], 0, 1, 13),
            Err(RunProblem::Wraps {
                highest: 13,
                lowest: 1
            })
        );
        assert_eq!(
            fit_unordered(&[13, 1, 3], 1, 1, 13),
            Err(RunProblem::Wraps {
                highest: 13,
                lowest: 1
            })
        );
        assert_eq!(
            fit_unordered(&[4, 4, 5], 0, 1, 13),
            Err(RunProblem::Repeated { number: 4 })
        );
        assert_eq!(
            fit_unordered(&[14], 0, 1, 13),
            Err(RunProblem::NumberOutOfRange { number: 14 })
        );
    }

    #[test]
    fn ordered_runs() {
        let run = |slots: &[Option<u8>]| fit_ordered(slots, 1, 13);
        assert_eq!(
            run(&[Some(5), None, Some(7)]),
            Ok(RunFit { start: 5, len: 3 })
        );
        assert_eq!(
            run(&[None, Some(3), Some(4)]),
            Ok(RunFit { start: 2, len: 3 })
        );
        assert_eq!(
            run(&[Some(12), Some(13), None]),
            Err(RunProblem::JokerOutOfRange {
                position: 2,
                number: 14
            })
        );
        assert_eq!(
            run(&[None, Some(1), Some(2)]),
            Err(RunProblem::JokerOutOfRange {
                position: 0,
                number: 0
            })
        );
        assert_eq!(
            run(&[Some(12), Some(13), Some(1)]),
            Err(RunProblem::Wraps {
                highest: 13,
                lowest: 1
            })
        );
        assert_eq!(
            run(&[Some(4), Some(3), Some(5)]),
            Err(RunProblem::OutOfOrder {
                earlier: 4,
                later: 3
            })
        );
        assert_eq!(
            run(&[Some(4), None, Some(5)]),
            Err(RunProblem::Gap {
                after: 4,
                before: 5,
                needed: 0,
                given: 1
            })
        );
    }

    /// The obvious definition: some start puts every tile on its own number of the run.
    fn reference_unordered(numbers: &[u8], n_jokers: usize, highest: u8) -> bool {
        let len = numbers.len() + n_jokers;
        (1..=highest).any(|start| {
            let end = usize::from(start) + len - 1;
            end <= usize::from(highest)
                && numbers.iter().all(|&n| n >= start && usize::from(n) <= end)
                && numbers
                    .iter()
                    .enumerate()
                    .all(|(i, n)| !numbers[..i].contains(n))
        })
    }

    proptest! {
        #[test]
        fn unordered_agrees_with_reference(
            numbers in proptest::collection::vec(1u8..=9, 0..6),
            n_jokers in 0usize..3,
        ) {
            let fit = fit_unordered(&numbers, n_jokers, 1, 9);
            prop_assert_eq!(fit.is_ok(), reference_unordered(&numbers, n_jokers, 9), "{:?}", fit);
            if let Ok(fit) = fit {
                prop_assert!(fit.end() <= 9 && fit.start >= 1);
                prop_assert!(numbers.iter().all(|&n| n >= fit.start && n <= fit.end()));
            }
        }

        #[test]
        fn ordered_agrees_with_reference(slots in proptest::collection::vec(proptest::option::weighted(0.7, 1u8..=9), 0..6)) {
            let reference = (1..=9i32).any(|start| {
                start + slots.len() as i32 - 1 <= 9
                    && slots.iter().enumerate().all(|(i, s)| s.is_none_or(|n| i32::from(n) == start + i as i32))
            }) || slots.is_empty();
            prop_assert_eq!(fit_ordered(&slots, 1, 9).is_ok(), reference);
        }
    }
}
