//! The table (rows by id), the actions, and playing a sequence of actions by the rules.

use std::fmt;

use crate::row::{Piece, Row, RowError};

/// A row id. Ids of the input are 1..nrow; a split's upper part gets the highest id that ever
/// existed plus one; a COMBINE retires the higher id for good.
pub type RowId = u16;

/// One action of an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// `COMBINE r1 r2`, `r1 < r2`: merge two runs into `r1`.
    Combine(RowId, RowId),
    /// `TAKE tile rowid`.
    Take(Piece, RowId),
    /// `PUT tile rowid`.
    Put(Piece, RowId),
}

impl Action {
    /// Whether this is a COMBINE.
    pub fn is_combine(&self) -> bool {
        matches!(self, Action::Combine(..))
    }

    /// Whether this action moves the joker (`TAKE J r` or `PUT J r`).
    pub fn is_joker(&self) -> bool {
        matches!(
            self,
            Action::Take(Piece::Joker, _) | Action::Put(Piece::Joker, _)
        )
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Combine(a, b) => write!(f, "COMBINE {a} {b}"),
            Action::Take(piece, row) => write!(f, "TAKE {piece} {row}"),
            Action::Put(piece, row) => write!(f, "PUT {piece} {row}"),
        }
    }
}

/// The rows on the table, by increasing id, and the next id a split gets.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Table {
    rows: Vec<(RowId, Row)>,
    next_id: RowId,
}

/// Why an action cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// The row id is not on the table.
    #[error("row {0} is not on the table")]
    NoSuchRow(RowId),
    /// A COMBINE with its ids not in increasing order, or twice the same id.
    #[error("COMBINE names the lower row id first: COMBINE {1} {0}")]
    CombineOrder(RowId, RowId),
    /// The row rules refuse the action.
    #[error("{0}")]
    Row(#[from] RowError),
}

impl Table {
    /// A table of rows with the given ids (ids unique); the next id is the highest plus one.
    pub fn new(mut rows: Vec<(RowId, Row)>) -> Table {
        rows.sort_by_key(|&(id, _)| id);
        let next_id = rows.last().map_or(1, |&(id, _)| id + 1);
        Table { rows, next_id }
    }

    /// The rows, by increasing id.
    pub fn rows(&self) -> &[(RowId, Row)] {
        &self.rows
    }

    /// The id the next split's upper part gets.
    pub fn next_id(&self) -> RowId {
        self.next_id
    }

    /// The row with this id.
    pub fn row(&self, id: RowId) -> Option<&Row> {
        self.position(id).map(|at| &self.rows[at].1)
    }

    fn position(&self, id: RowId) -> Option<usize> {
        self.rows.binary_search_by_key(&id, |&(id, _)| id).ok()
    }

    /// Replaces row `at` by the rows an action left: the row itself and a split's upper part.
    fn replace(&mut self, at: usize, (row, upper): (Row, Option<Row>)) {
        self.rows[at].1 = row;
        if let Some(upper) = upper {
            self.rows.push((self.next_id, upper));
            self.next_id += 1;
        }
    }

    /// TAKE `piece` from row `id`.
    ///
    /// # Errors
    ///
    /// A missing row, or the row rule the take breaks.
    pub fn take(&mut self, piece: Piece, id: RowId) -> Result<(), ActionError> {
        let at = self.position(id).ok_or(ActionError::NoSuchRow(id))?;
        let rows = self.rows[at].1.take(piece)?;
        self.replace(at, rows);
        Ok(())
    }

    /// PUT `piece` into row `id`.
    ///
    /// # Errors
    ///
    /// A missing row, or the row rule the put breaks.
    pub fn put(&mut self, piece: Piece, id: RowId) -> Result<(), ActionError> {
        let at = self.position(id).ok_or(ActionError::NoSuchRow(id))?;
        let rows = self.rows[at].1.put(piece)?;
        self.replace(at, rows);
        Ok(())
    }

    /// COMBINE rows `first < second` into `first`.
    ///
    /// # Errors
    ///
    /// Ids out of order or missing, or rows that cannot be combined.
    pub fn combine(&mut self, first: RowId, second: RowId) -> Result<(), ActionError> {
        if first >= second {
            return Err(ActionError::CombineOrder(first, second));
        }
        let a = self.position(first).ok_or(ActionError::NoSuchRow(first))?;
        let b = self
            .position(second)
            .ok_or(ActionError::NoSuchRow(second))?;
        let merged = self.rows[a].1.combine(&self.rows[b].1)?;
        self.rows[a].1 = merged;
        self.rows.remove(b);
        Ok(())
    }

    /// Plays one action (a TAKE alone: its PUT is the caller's next action).
    ///
    /// # Errors
    ///
    /// As [`Table::take`], [`Table::put`] and [`Table::combine`].
    pub fn apply(&mut self, action: Action) -> Result<(), ActionError> {
        match action {
            Action::Combine(first, second) => self.combine(first, second),
            Action::Take(piece, id) => self.take(piece, id),
            Action::Put(piece, id) => self.put(piece, id),
        }
    }

    /// The first row (by id) that `piece` could be put into now.
    pub fn row_taking(&self, piece: Piece) -> Option<RowId> {
        self.rows
            .iter()
            .find(|(_, row)| row.matches(piece) && row.put(piece).is_ok())
            .map(|&(id, _)| id)
    }
}

/// Every row as `id tiles…`, one per line, by increasing id.
impl fmt::Display for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (id, row) in &self.rows {
            writeln!(f, "{id} {row}")?;
        }
        Ok(())
    }
}
