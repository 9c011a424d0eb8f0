//! Checks of a move's steps, shared by the property tests and the realistic positions.

use std::collections::BTreeMap;

use rummikub::{Move, Tile};

type Counts = BTreeMap<Tile, u8>;

fn counts<'a>(tiles: impl IntoIterator<Item = &'a Tile>) -> Counts {
    let mut counts = Counts::new();
    for &tile in tiles {
        *counts.entry(tile).or_default() += 1;
    }
    counts
}

/// Carries out the move's steps on the table, checking that each step describes the table as
/// it lies and uses tiles the rack still holds, and that the steps end at the move's table.
pub fn check_steps(table: &[Vec<Tile>], rack: &[Tile], found: &Move) -> Result<(), String> {
    let mut current: Vec<Vec<Tile>> = table.to_vec();
    let mut rack = counts(rack);
    let mut made: Vec<Counts> = Vec::new();
    let remove = |from: &mut Vec<Tile>, tiles: &[Tile]| -> Result<(), String> {
        for tile in tiles {
            let at = from
                .iter()
                .position(|t| t == tile)
                .ok_or_else(|| format!("{tile} is not in {from:?}"))?;
            from.remove(at);
        }
        Ok(())
    };
    for step in found.steps() {
        let mut tiles: Vec<Tile> = Vec::new();
        for onto in &step.onto {
            if counts(&current[onto.group]) != counts(&onto.tiles) {
                return Err(format!(
                    "step {step}: group {} is {:?}",
                    onto.group, current[onto.group]
                ));
            }
            tiles.append(&mut current[onto.group]);
        }
        for take in &step.take {
            if counts(&current[take.group]) != counts(&take.from) {
                return Err(format!(
                    "step {step}: group {} is {:?}",
                    take.group, current[take.group]
                ));
            }
            remove(&mut current[take.group], &take.tiles)?;
            tiles.extend(&take.tiles);
        }
        for tile in &step.rack {
            let n = rack
                .get_mut(tile)
                .filter(|n| **n > 0)
                .ok_or(format!("step {step}: {tile} not in the rack"))?;
            *n -= 1;
            tiles.push(*tile);
        }
        if counts(&tiles) != counts(step.result.tiles()) {
            return Err(format!("step {step}: gives {tiles:?}"));
        }
        made.push(counts(step.result.tiles()));
    }
    made.extend(current.iter().filter(|g| !g.is_empty()).map(counts));
    let mut expected: Vec<Counts> = found.table().iter().map(|g| counts(g.tiles())).collect();
    made.sort();
    expected.sort();
    if made != expected {
        return Err(format!("the steps make {made:?}, not the move's table"));
    }
    Ok(())
}
