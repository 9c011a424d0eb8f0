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

/// Reads `source`, a C-contiguous buffer of `count` items of `T`.
pub(crate) fn read<T: pyo3::buffer::Element + Copy>(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    count: usize,
    name: &str,
) -> PyResult<Vec<T>> {
    let buffer = PyBuffer::<T>::get(source).map_err(|error| {
        PyTypeError::new_err(format!(
            "{name}: expected an array of {count} items of {} ({error})",
            std::any::type_name::<T>()
        ))
    })?;
    if buffer.item_count() != count {
        return Err(PyValueError::new_err(format!(
            "{name}: expected {count} items, found {}",
            buffer.item_count()
        )));
    }
    buffer.to_vec(py)
}

/// A writable C-contiguous buffer of `len` items of `T`, held (and so kept alive and
/// exported) while Rust writes into it, possibly with the GIL released.
pub(crate) struct Target<T: pyo3::buffer::Element> {
    buffer: PyBuffer<T>,
    len: usize,
}

impl<T: pyo3::buffer::Element + Copy> Target<T> {
    /// `target` checked to be a writable C-contiguous buffer of exactly `len` items of `T`.
    pub(crate) fn new(target: &Bound<'_, PyAny>, len: usize, name: &str) -> PyResult<Target<T>> {
        let buffer = PyBuffer::<T>::get(target).map_err(|error| {
            PyTypeError::new_err(format!(
                "{name}: expected a writable array of {len} items of {} ({error})",
                std::any::type_name::<T>()
            ))
        })?;
        if buffer.readonly() || !buffer.is_c_contiguous() || buffer.item_count() != len {
            return Err(PyValueError::new_err(format!(
                "{name}: expected a writable C-contiguous array of {len} items, found {} items{}{}",
                buffer.item_count(),
                if buffer.readonly() { ", read-only" } else { "" },
                if buffer.is_c_contiguous() {
                    ""
                } else {
                    ", not contiguous"
                }
            )));
        }
        Ok(Target { buffer, len })
    }

    /// The buffer's items to write.
    ///
    /// # Safety
    ///
    /// Nothing else may read or write the buffer while the slice lives: the caller holds the
    /// only reference Rust makes to it, and Python code must not touch the array meanwhile
    /// (the arrays belong to the environment object, which documents it).
    pub(crate) unsafe fn slice(&mut self) -> &mut [T] {
        // SAFETY: the buffer was checked writable, C-contiguous and of `len` items of `T`,
        // and `self.buffer` keeps it exported (alive, not resized) while `self` lives.
        unsafe { std::slice::from_raw_parts_mut(self.buffer.buf_ptr().cast::<T>(), self.len) }
    }
}
