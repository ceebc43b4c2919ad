//! [`PointList`]: a short list of points kept on the stack.
//!
//! GNU Go counterpart: the fixed arrays (`int adjs[MAXCHAIN]`, `int
//! libs[MAXLIBS]`) its reading functions declare on the stack. The reader
//! asks for neighbour-chain lists and liberty lists at every node; a `Vec`
//! there costs an allocation and a free each time. A `PointList` holds up
//! to [`PointList::INLINE`] points in place and moves to the heap only
//! beyond that (a chain with that many neighbour chains is rare), so the
//! answer is always complete.

use super::Point;
use std::ops::Deref;

/// A list of points, inline up to [`PointList::INLINE`] entries.
#[derive(Clone)]
pub struct PointList {
    /// Number of points.
    len: usize,
    /// The points while there are at most `INLINE` of them.
    inline: [Point; PointList::INLINE],
    /// All the points once there are more than `INLINE` (empty before).
    spill: Vec<Point>,
}

impl Default for PointList {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Debug for PointList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PointList {
    /// How many points fit without allocating.
    pub const INLINE: usize = 32;

    /// The empty list.
    pub const fn new() -> PointList {
        PointList {
            len: 0,
            inline: [Point::NONE; PointList::INLINE],
            spill: Vec::new(),
        }
    }

    /// The first `len` points of `points` (at most [`PointList::INLINE`]
    /// of them): the whole array is copied at once, a fixed-size copy
    /// with no loop (a chain record's liberty array, for instance).
    #[inline]
    pub fn from_prefix<const N: usize>(points: &[Point; N], len: usize) -> PointList {
        const { assert!(N <= PointList::INLINE) };
        assert!(len <= N);
        let mut out = PointList::new();
        out.inline[..N].copy_from_slice(points);
        out.len = len;
        out
    }

    /// Append `p`.
    #[inline]
    pub fn push(&mut self, p: Point) {
        if self.len < Self::INLINE {
            self.inline[self.len] = p;
        } else {
            self.push_spilled(p);
        }
        self.len += 1;
    }

    /// [`PointList::push`] beyond the inline points (rare: kept out of
    /// the callers' loops).
    #[cold]
    #[inline(never)]
    fn push_spilled(&mut self, p: Point) {
        if self.len == Self::INLINE {
            self.spill.extend_from_slice(&self.inline);
        }
        self.spill.push(p);
    }

    /// Remove every point.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
        self.spill.clear();
    }

    /// The points, in the order pushed.
    #[inline]
    pub fn as_slice(&self) -> &[Point] {
        if self.len <= Self::INLINE {
            &self.inline[..self.len]
        } else {
            &self.spill
        }
    }

    /// Sort the points in index order.
    pub fn sort(&mut self) {
        if self.len <= Self::INLINE {
            self.inline[..self.len].sort_unstable();
        } else {
            self.spill.sort_unstable();
        }
    }

    /// Keep the points for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(Point) -> bool) {
        if self.len > Self::INLINE {
            self.spill.retain(|&p| keep(p));
            self.len = self.spill.len();
            if self.len <= Self::INLINE {
                // Few enough to live inline again.
                self.inline[..self.len].copy_from_slice(&self.spill);
                self.spill.clear();
            }
            return;
        }
        let mut n = 0;
        for i in 0..self.len {
            let p = self.inline[i];
            if keep(p) {
                self.inline[n] = p;
                n += 1;
            }
        }
        self.len = n;
    }
}

impl Deref for PointList {
    type Target = [Point];
    #[inline]
    fn deref(&self) -> &[Point] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a PointList {
    type Item = &'a Point;
    type IntoIter = std::slice::Iter<'a, Point>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl IntoIterator for PointList {
    type Item = Point;
    type IntoIter = PointListIntoIter;
    fn into_iter(self) -> PointListIntoIter {
        PointListIntoIter {
            list: self,
            next: 0,
        }
    }
}

/// The points of a [`PointList`] by value.
pub struct PointListIntoIter {
    list: PointList,
    next: usize,
}

impl Iterator for PointListIntoIter {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        let p = self.list.as_slice().get(self.next).copied();
        self.next += 1;
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Push, retain and iteration behave as a `Vec` does, across the
    /// inline limit.
    #[test]
    fn behaves_like_a_vec() {
        for n in [0, 1, 5, PointList::INLINE, PointList::INLINE + 1, 100] {
            let mut list = PointList::new();
            let mut vec = Vec::new();
            for i in 0..n {
                list.push(Point(i as u16 + 1));
                vec.push(Point(i as u16 + 1));
            }
            assert_eq!(list.as_slice(), &vec[..]);
            list.retain(|p| p.0 % 3 != 0);
            vec.retain(|p| p.0 % 3 != 0);
            assert_eq!(list.as_slice(), &vec[..]);
            assert_eq!(list.clone().into_iter().collect::<Vec<_>>(), vec);
            if n <= PointList::INLINE {
                let mut array = [Point::NONE; PointList::INLINE];
                array[..vec.len()].copy_from_slice(&vec);
                assert_eq!(
                    PointList::from_prefix(&array, vec.len()).as_slice(),
                    &vec[..]
                );
            }
            // Spilled, then cut back below the inline size, then grown.
            list.retain(|p| p.0 <= 2);
            vec.retain(|p| p.0 <= 2);
            assert_eq!(list.as_slice(), &vec[..]);
            list.push(Point(500));
            vec.push(Point(500));
            assert_eq!(list.as_slice(), &vec[..]);
            list.clear();
            assert!(list.is_empty());
            list.push(Point(7));
            assert_eq!(list.as_slice(), &[Point(7)]);
        }
    }
}
