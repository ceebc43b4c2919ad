//! The rules commands, in KataGo's dialect (GNU Go has no GTP command for
//! its ko rules, only the command-line options): `kata-get-rules`,
//! `kata-set-rules`, `kata-set-rule`.
//!
//! Tesuji plays with area scoring, suicide forbidden, no button and no
//! handicap bonus; only the ko rule can change. `kata-set-rules` takes
//! KataGo's shorthand names (`chinese`, `japanese`, `aga`, `new-zealand`,
//! `tromp-taylor`, ...) or a JSON dictionary and keeps the ko rule from
//! it; the other parts of a ruleset tesuji does not play are noted on
//! stderr and otherwise ignored, so a GUI that announces its rules is not
//! refused. `kata-set-rule ko VALUE` sets the ko rule alone, and also
//! takes `NONE` (GNU Go's `--no-ko`, which KataGo does not offer).

use crate::engine::Engine;
use crate::game::KoRule;
use crate::gtp::response::{GtpError, Reply};

/// The ko rule as KataGo spells it in JSON (`NONE` is tesuji's own).
pub fn ko_value(rule: KoRule) -> &'static str {
    match rule {
        KoRule::Simple => "SIMPLE",
        KoRule::None => "NONE",
        KoRule::Positional => "POSITIONAL",
        KoRule::Situational => "SITUATIONAL",
    }
}

/// The ko rule in words, for messages.
pub fn rule_name(rule: KoRule) -> &'static str {
    match rule {
        KoRule::Simple => "simple ko",
        KoRule::None => "no-ko",
        KoRule::Positional => "positional superko",
        KoRule::Situational => "situational superko",
    }
}

fn parse_ko_value(text: &str) -> Option<KoRule> {
    KoRule::ALL
        .into_iter()
        .find(|&r| ko_value(r).eq_ignore_ascii_case(text))
}

/// KataGo's ruleset shorthands and the ko rule each uses, with what else
/// the ruleset asks that tesuji does not do.
const SHORTHANDS: &[(&[&str], KoRule, &str)] = &[
    (&["chinese"], KoRule::Simple, ""),
    (
        &["chinese-ogs", "chinese_ogs", "chinese-kgs", "chinese_kgs"],
        KoRule::Positional,
        "",
    ),
    (&["japanese", "korean"], KoRule::Simple, "territory scoring"),
    (
        &["stone-scoring", "stone_scoring"],
        KoRule::Simple,
        "group tax",
    ),
    (&["aga", "bga", "french"], KoRule::Situational, ""),
    (
        &["aga-button", "aga_button"],
        KoRule::Situational,
        "the button",
    ),
    (
        &["new-zealand", "new_zealand", "newzealand", "nz"],
        KoRule::Situational,
        "multi-stone suicide",
    ),
    (
        &["tromp-taylor", "tromp_taylor", "tromptaylor"],
        KoRule::Positional,
        "multi-stone suicide",
    ),
];

/// `kata-get-rules`: the rules as KataGo's JSON dictionary.
pub fn kata_get_rules(engine: &mut Engine, _: &[&str]) -> Reply {
    Ok(format!(
        "{{\"hasButton\":false,\"ko\":\"{}\",\"scoring\":\"AREA\",\"suicide\":false,\
         \"tax\":\"NONE\",\"whiteHandicapBonus\":\"0\"}}",
        ko_value(engine.game.ko_rule())
    ))
}

/// `kata-set-rules RULES`: a shorthand name or a JSON dictionary; sets the
/// ko rule it names.
pub fn kata_set_rules(engine: &mut Engine, args: &[&str]) -> Reply {
    let text = args.join(" ");
    let text = text.trim();
    if text.is_empty() {
        return Err(GtpError::msg("expected rules"));
    }
    let rule = if text.starts_with('{') {
        rule_from_json(text)?.unwrap_or(engine.game.ko_rule())
    } else {
        let name = text.to_ascii_lowercase();
        let (_, rule, unplayed) = SHORTHANDS
            .iter()
            .find(|(names, _, _)| names.contains(&name.as_str()))
            .ok_or_else(|| GtpError::msg(format!("unknown rules '{text}'")))?;
        if !unplayed.is_empty() {
            log::warn!("kata-set-rules {name}: {unplayed} is not played; area scoring, no suicide");
        }
        *rule
    };
    engine.game.set_ko_rule(rule);
    Ok(String::new())
}

/// The ko rule of a KataGo JSON rules dictionary (`{"ko":"POSITIONAL",...}`),
/// `None` when it has no `ko` key.
fn rule_from_json(text: &str) -> Result<Option<KoRule>, GtpError> {
    let bad = || GtpError::msg(format!("could not parse rules '{text}'"));
    let inner = text
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .ok_or_else(bad)?;
    let mut rule = None;
    for pair in inner.split(',').filter(|p| !p.trim().is_empty()) {
        let (key, value) = pair.split_once(':').ok_or_else(bad)?;
        let key = key.trim().trim_matches('"');
        let value = value.trim().trim_matches('"');
        if key == "ko" {
            rule = Some(
                parse_ko_value(value)
                    .ok_or_else(|| GtpError::msg(format!("unknown ko rule '{value}'")))?,
            );
        } else if !tesuji_plays(key, value) {
            log::warn!("kata-set-rules: {key} {value} is not played; area scoring, no suicide");
        }
    }
    Ok(rule)
}

/// Is `key = value` what tesuji plays anyway?
fn tesuji_plays(key: &str, value: &str) -> bool {
    let v = value.to_ascii_lowercase();
    matches!(
        (key, v.as_str()),
        ("scoring", "area")
            | ("suicide", "false")
            | ("tax", "none")
            | ("hasButton", "false")
            | ("whiteHandicapBonus", "0")
            | ("friendlyPassOk", _)
    )
}

/// `kata-set-rule KEY VALUE`: `ko` with `SIMPLE`, `POSITIONAL`,
/// `SITUATIONAL` or `NONE`; other keys only with the value tesuji plays.
pub fn kata_set_rule(engine: &mut Engine, args: &[&str]) -> Reply {
    let (Some(&key), Some(&value)) = (args.first(), args.get(1)) else {
        return Err(GtpError::msg("expected a rule and a value"));
    };
    if key == "ko" {
        let rule = parse_ko_value(value)
            .ok_or_else(|| GtpError::msg(format!("unknown ko rule '{value}'")))?;
        engine.game.set_ko_rule(rule);
        Ok(String::new())
    } else if tesuji_plays(key, value) {
        Ok(String::new())
    } else {
        Err(GtpError::msg(format!("unsupported rule: {key} {value}")))
    }
}
