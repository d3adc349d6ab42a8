//! Golden digests of every module's results, natively. The same modules are
//! compiled to wasm and checked against the same values in
//! `bindings/tests/determinism.rs`: native and wasm agree bit for bit.
mod avoidance;
mod formation;
mod geom;
mod pathfind;
mod planner;
mod road;
mod steering;

mod geom_native {
    #[test]
    fn geometry_digest_is_golden() {
        assert_eq!(
            crate::geom::digest(),
            crate::geom::GOLDEN,
            "geometry results changed: {:#x}",
            crate::geom::digest()
        );
    }
}

mod planner_native {
    #[test]
    fn digest_is_the_golden_value() {
        assert_eq!(
            crate::planner::digest(),
            crate::planner::GOLDEN,
            "digest {:#018x}",
            crate::planner::digest()
        );
    }

    #[test]
    fn lengths_digest_is_the_golden_value() {
        let v = crate::planner::lengths_digest();
        assert_eq!(v, crate::planner::LENGTHS_GOLDEN, "digest {v:#018x}");
    }

    #[test]
    fn reeds_shepp_digest_is_the_golden_value() {
        let v = crate::planner::reeds_shepp_digest();
        assert_eq!(v, crate::planner::REEDS_SHEPP_GOLDEN, "digest {v:#018x}");
    }

    #[test]
    fn reeds_shepp_lengths_digest_is_the_golden_value() {
        let v = crate::planner::reeds_shepp_lengths_digest();
        assert_eq!(
            v,
            crate::planner::REEDS_SHEPP_LENGTHS_GOLDEN,
            "digest {v:#018x}"
        );
    }
}

mod pathfind_native {
    #[test]
    fn pathfinding_digest_is_golden() {
        let v = crate::pathfind::digest();
        assert_eq!(v, crate::pathfind::GOLDEN, "digest {v:#018x}");
    }
}

mod steering_native {
    #[test]
    fn crowd_digest_matches_the_golden_value() {
        assert_eq!(
            crate::steering::digest(),
            crate::steering::GOLDEN,
            "digest {:#x}",
            crate::steering::digest()
        );
    }

    #[test]
    fn dense_crowd_digest_matches_the_golden_value() {
        let got = crate::steering::dense_digest();
        assert_eq!(got, crate::steering::DENSE_GOLDEN, "digest {got:#x}");
    }

    #[test]
    fn seek_crowd_digest_matches_the_golden_value() {
        let got = crate::steering::seek_digest();
        assert_eq!(got, crate::steering::SEEK_GOLDEN, "digest {got:#x}");
    }
}

mod formation_native {
    #[test]
    fn formation_digest_is_golden() {
        assert_eq!(
            crate::formation::digest(),
            crate::formation::GOLDEN,
            "formation results changed: {:#x}",
            crate::formation::digest()
        );
    }
}

mod road_native {
    #[test]
    fn road_digest_matches_golden() {
        assert_eq!(
            crate::road::digest(),
            crate::road::GOLDEN,
            "digest {:#x}",
            crate::road::digest()
        );
    }
}

mod avoidance_native {
    #[test]
    fn avoidance_and_family_digest_is_golden() {
        let v = crate::avoidance::digest();
        assert_eq!(v, crate::avoidance::GOLDEN, "digest {v:#018x}");
    }
}
