//! Evenly spaced poses along a path, for callers that need points (a
//! physics engine's polyline, a particle trail). The path itself stays exact.

use super::{Path, Pose};

/// The most poses [`Path::sample`] returns (a tiny step on a long path is
/// widened to fit).
pub const MAX_SAMPLES: usize = 1 << 20;

impl Path {
    /// Poses every `step` along the path from its start, and its end pose
    /// last (so a path of length 10 sampled every 3 gives the poses at 0, 3,
    /// 6, 9 and 10). At most [`MAX_SAMPLES`]: a step that would give more is
    /// widened; a step that is not a positive finite number gives just the
    /// start and the end.
    ///
    /// # Examples
    /// ```
    /// use arcline::{Line, Path, Point};
    /// let p = Path::single(Line::new(Point::new(0.0, 0.0), Point::new(10.0, 0.0))).unwrap();
    /// let xs: Vec<f64> = p.sample(3.0).iter().map(|q| q.x).collect();
    /// assert_eq!(xs, [0.0, 3.0, 6.0, 9.0, 10.0]);
    /// ```
    #[must_use]
    pub fn sample(&self, step: f64) -> Vec<Pose> {
        let length = self.length();
        let ok = step.is_finite() && step > 0.0;
        // Whole steps strictly before the end (the end is added once).
        let mut count = if ok && length > 0.0 {
            let n = (length / step).ceil();
            if n.is_finite() && n < MAX_SAMPLES as f64 {
                n as usize
            } else {
                MAX_SAMPLES - 1
            }
        } else {
            1
        };
        let step = if ok && count < MAX_SAMPLES - 1 {
            step
        } else {
            count = count.max(1);
            length / count as f64
        };
        let mut out = Vec::with_capacity(count + 1);
        for i in 0..count {
            let d = i as f64 * step;
            if d >= length && i > 0 {
                break;
            }
            out.push(self.pose_at(d));
        }
        out.push(self.end_pose());
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::{Arc, Line, Path, Point, Pose};
    use core::f64::consts::PI;

    #[test]
    fn samples_include_both_ends_and_lie_on_the_path() {
        let arc = Arc::from_pose(Pose::new(0.0, 0.0, 0.0), 2.0, 1.0, PI);
        let p = Path::single(arc).unwrap();
        let s = p.sample(0.5);
        // 2π long: 0, 0.5, ... 6.0, then the end.
        assert_eq!(s.len(), 14);
        assert_eq!(s[0], p.start_pose());
        assert_eq!(*s.last().unwrap(), p.end_pose());
        for q in &s {
            assert!((q.position().distance(Point::new(0.0, 2.0)) - 2.0).abs() < 1e-12);
        }
    }

    #[test]
    fn an_exact_multiple_does_not_repeat_the_end() {
        let p = Path::single(Line::new(Point::ORIGIN, Point::new(9.0, 0.0))).unwrap();
        let xs: Vec<f64> = p.sample(3.0).iter().map(|q| q.x).collect();
        assert_eq!(xs, [0.0, 3.0, 6.0, 9.0]);
    }

    #[test]
    fn bad_steps_give_the_ends_and_tiny_steps_are_bounded() {
        let p = Path::single(Line::new(Point::ORIGIN, Point::new(1e6, 0.0))).unwrap();
        for step in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            let s = p.sample(step);
            assert_eq!(s.len(), 2, "{step}");
            assert_eq!(s[1].x, 1e6);
        }
        let s = p.sample(1e-9);
        assert!(s.len() <= super::MAX_SAMPLES);
        assert_eq!(s.last().unwrap().x, 1e6);
        let zero = Path::single(Line::new(Point::ORIGIN, Point::ORIGIN)).unwrap();
        assert_eq!(zero.sample(1.0).len(), 2);
    }
}
