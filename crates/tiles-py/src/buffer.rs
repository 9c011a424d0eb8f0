//! Writing into Python buffers (numpy arrays, bytearrays) from Rust: the arrays a learning
//! loop allocates once and the engine fills at every step.

use pyo3::buffer::PyBuffer;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

/// Copies `data` into `target`, a writable C-contiguous buffer of exactly `data.len()` items of
/// the element type `T` (numpy's `uint8`, `int64`, `float32`…); `name` names it in errors.
pub(crate) fn write<T: pyo3::buffer::Element + Copy>(
    py: Python<'_>,
    target: &Bound<'_, PyAny>,
    data: &[T],
    name: &str,
) -> PyResult<()> {
    let buffer = PyBuffer::<T>::get(target).map_err(|error| {
        PyTypeError::new_err(format!(
            "{name}: expected a writable array of {} items of {} ({error})",
            data.len(),
            std::any::type_name::<T>()
        ))
    })?;
    if buffer.readonly() || !buffer.is_c_contiguous() || buffer.item_count() != data.len() {
        return Err(PyValueError::new_err(format!(
            "{name}: expected a writable C-contiguous array of {} items, found {} items{}{}",
            data.len(),
            buffer.item_count(),
            if buffer.readonly() { ", read-only" } else { "" },
            if buffer.is_c_contiguous() {
                ""
            } else {
                ", not contiguous"
            }
        )));
    }
    buffer.copy_from_slice(py, data)
}
