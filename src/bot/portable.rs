//! `exp` and `ln` from additions, multiplications and divisions only, so that a bot's
//! arithmetic, and so its choices, are bit for bit the same on every platform (`f64::exp` and
//! `f64::ln` call the platform's math library, whose last bit may differ). Accurate to a few
//! units in the last place, which is all the bots need.

use std::f64::consts::LN_2;

/// `e^x`; 0 below −700 and `f64::MAX` above 700.
pub(crate) fn exp(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x < -700.0 {
        return 0.0;
    }
    if x > 700.0 {
        return f64::MAX;
    }
    // x = k·ln 2 + r with |r| ≤ ln 2 / 2, so e^x = 2^k · e^r.
    let k = (x / LN_2 + if x < 0.0 { -0.5 } else { 0.5 }) as i64;
    let r = x - k as f64 * LN_2;
    // e^r by its Taylor polynomial of degree 14 in Horner form (the next term is below
    // 2^-60 of the sum for |r| ≤ ln 2 / 2).
    let mut sum = EXP_COEFFICIENTS[14];
    for i in (0..14).rev() {
        sum = sum * r + EXP_COEFFICIENTS[i];
    }
    // |k| ≤ 1010, so 2^k is a normal number.
    sum * f64::from_bits(((k + 1023) as u64) << 52)
}

/// `1 / i!` for `i` in `0..=14`, each the quotient of the one before by `i` (the same
/// basic operations everywhere, so the same bits).
const EXP_COEFFICIENTS: [f64; 15] = {
    let mut c = [1.0; 15];
    let mut i = 1;
    while i < 15 {
        c[i] = c[i - 1] / i as f64;
        i += 1;
    }
    c
};

/// The natural logarithm of a positive normal `x` (0 for anything else).
pub(crate) fn ln(x: f64) -> f64 {
    if !(x.is_normal() && x > 0.0) {
        return 0.0;
    }
    let bits = x.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i64 - 1023;
    // The mantissa as a number in [1, 2).
    let m = f64::from_bits((bits & ((1u64 << 52) - 1)) | (1023u64 << 52));
    // ln m = 2 atanh(s) = 2 (s + s³/3 + s⁵/5 + …) with s = (m − 1)/(m + 1) in [0, 1/3).
    let s = (m - 1.0) / (m + 1.0);
    let s2 = s * s;
    let mut power = s;
    let mut sum = 0.0;
    for i in 0..16 {
        sum += power / f64::from(2 * i + 1);
        power *= s2;
    }
    exponent as f64 * LN_2 + 2.0 * sum
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn close_to_the_math_library() {
        for i in -2000..=2000 {
            let x = f64::from(i) * 0.05;
            let (a, b) = (exp(x), x.exp());
            assert!((a - b).abs() <= 1e-13 * b, "exp({x}) = {a}, not {b}");
        }
        for n in 1..100_000u32 {
            let x = f64::from(n) * 0.37;
            let (a, b) = (ln(x), x.ln());
            assert!(
                (a - b).abs() <= 1e-13 * b.abs().max(1.0),
                "ln({x}) = {a}, not {b}"
            );
        }
        assert_eq!(exp(0.0), 1.0);
        assert_eq!(ln(1.0), 0.0);
        assert_eq!(exp(-1000.0), 0.0);
        assert_eq!(ln(0.0), 0.0);
    }
}
