//! Text notation for tiles and hands: mpsz (`123m456p789s1122z`), Chinese (`一万二万 五筒 九条 东东 中发白`) and
//! Unicode mahjong tiles (🀇…), freely mixed, with melds in brackets.
//!
//! Grammar (whitespace is ignored between tokens):
//! - numbers then a suit: ASCII digits or Chinese numerals, then `m`/`p`/`s`/`z`/`f` or 万萬/筒饼餅/条條索/花.
//!   `z` numbers 1..7 are 东南西北白发中; `f` numbers 1..8 are the flowers 春夏秋冬梅兰菊竹.
//! - single characters: 东南西北白发中 (also 東 and 發), the flowers 春夏秋冬梅兰菊竹,
//!   Unicode tiles U+1F000..U+1F029, and `*` or 🀪 for a wild tile.
//! - melds: `[123m]` chi, `[555z]` pon, `[1111s]` claimed kong, `{1111s}` added kong, `(1111s)` concealed kong.
//!   Inside `[...]` or `{...}` an optional `:TILE` names the claimed tile and `<K` who fed it (K = 1 下家, 2 对家,
//!   3 上家): `[123m:2m<3]`.
//!
//! Formatting is canonical mpsz: concealed tiles by suit (m p s z), then `*` per wild, then flowers, then the
//! melds in their declared order, separated by spaces.

use crate::error::{EngineError, Result};
use crate::hand::{Hand, Meld, MeldKind};
use crate::tile::{Counts, Suit, Tile, NUM_KINDS};

/// One parsed tile-like item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Item {
    Tile(Tile),
    Flower(u8),
    Wild,
}

/// Parses a whole hand. Validates the result (copies, size, melds) and reports errors with positions.
pub fn parse_hand(text: &str) -> Result<Hand> {
    let hand = parse_hand_unchecked(text)?;
    hand.validate()?;
    Ok(hand)
}

/// Parses a hand without checking its size or copy counts (used for partial inputs such as wall slices).
pub fn parse_hand_unchecked(text: &str) -> Result<Hand> {
    let chars: Vec<char> = text.chars().collect();
    let mut parser = Parser {
        chars: &chars,
        pos: 0,
    };
    let mut hand = Hand::default();
    loop {
        parser.skip_space();
        let Some(c) = parser.peek() else { break };
        match c {
            '[' | '{' | '(' => {
                let meld = parser.meld()?;
                hand.melds.push(meld);
            }
            ']' | '}' | ')' => {
                return Err(EngineError::notation(
                    parser.pos,
                    format!("unmatched '{c}'"),
                ))
            }
            _ => {
                let (start, items) = parser.items_group()?;
                for item in items {
                    match item {
                        Item::Tile(t) => {
                            let slot = &mut hand.concealed[t.index() as usize];
                            if *slot >= 4 {
                                return Err(EngineError::notation(
                                    start,
                                    format!("tile {} appears more than 4 times", t.mpsz()),
                                ));
                            }
                            *slot += 1;
                        }
                        Item::Wild => {
                            if hand.wilds >= 8 {
                                return Err(EngineError::notation(start, "more than 8 wild tiles"));
                            }
                            hand.wilds += 1;
                        }
                        Item::Flower(n) => {
                            let bit = 1u8 << (n - 1);
                            if hand.flowers & bit != 0 {
                                return Err(EngineError::notation(
                                    start,
                                    format!("flower {n}f appears twice"),
                                ));
                            }
                            hand.flowers |= bit;
                        }
                    }
                }
            }
        }
    }
    Ok(hand)
}

/// Parses a list of playing tiles (no melds, no flowers, no wilds) in order, e.g. a winning tile or a wall.
pub fn parse_tiles(text: &str) -> Result<Vec<Tile>> {
    let chars: Vec<char> = text.chars().collect();
    let mut parser = Parser {
        chars: &chars,
        pos: 0,
    };
    let mut tiles = Vec::new();
    loop {
        parser.skip_space();
        if parser.peek().is_none() {
            break;
        }
        let (start, items) = parser.items_group()?;
        for item in items {
            match item {
                Item::Tile(t) => tiles.push(t),
                Item::Wild => {
                    return Err(EngineError::notation(
                        start,
                        "a wild tile is not a playing tile here",
                    ))
                }
                Item::Flower(_) => {
                    return Err(EngineError::notation(
                        start,
                        "a flower is not a playing tile here",
                    ))
                }
            }
        }
    }
    Ok(tiles)
}

/// Parses exactly one playing tile.
pub fn parse_tile(text: &str) -> Result<Tile> {
    let tiles = parse_tiles(text)?;
    match tiles.as_slice() {
        [t] => Ok(*t),
        _ => Err(EngineError::tile(format!(
            "{text:?} is not one tile: it names {} tiles",
            tiles.len()
        ))),
    }
}

struct Parser<'a> {
    chars: &'a [char],
    pos: usize,
}

/// Chinese numerals 一..九 and ASCII digits.
fn numeral(c: char) -> Option<u8> {
    match c {
        '0'..='9' => Some(c as u8 - b'0'),
        '一' => Some(1),
        '二' | '两' => Some(2),
        '三' => Some(3),
        '四' => Some(4),
        '五' => Some(5),
        '六' => Some(6),
        '七' => Some(7),
        '八' => Some(8),
        '九' => Some(9),
        _ => None,
    }
}

#[derive(Clone, Copy)]
enum Marker {
    Suit(Suit),
    Flower,
}

fn suit_marker(c: char) -> Option<Marker> {
    Some(match c {
        'm' | 'M' | '万' | '萬' => Marker::Suit(Suit::Man),
        'p' | 'P' | '筒' | '饼' | '餅' => Marker::Suit(Suit::Pin),
        's' | 'S' | '条' | '條' | '索' => Marker::Suit(Suit::Sou),
        'z' | 'Z' => Marker::Suit(Suit::Honor),
        'f' | 'F' | '花' => Marker::Flower,
        _ => return None,
    })
}

/// A character that is a whole tile by itself.
fn single(c: char) -> Option<Item> {
    let honour = |n: u8| Tile::from_suit(Suit::Honor, n).map(Item::Tile);
    match c {
        '东' | '東' => honour(1),
        '南' => honour(2),
        '西' => honour(3),
        '北' => honour(4),
        '白' => honour(5),
        '发' | '發' => honour(6),
        '中' => honour(7),
        '春' => Some(Item::Flower(1)),
        '夏' => Some(Item::Flower(2)),
        '秋' => Some(Item::Flower(3)),
        '冬' => Some(Item::Flower(4)),
        '梅' => Some(Item::Flower(5)),
        '兰' | '蘭' => Some(Item::Flower(6)),
        '菊' => Some(Item::Flower(7)),
        '竹' => Some(Item::Flower(8)),
        '*' | '\u{1F02A}' => Some(Item::Wild),
        '\u{1F000}'..='\u{1F003}' => honour((c as u32 - 0x1F000 + 1) as u8),
        '\u{1F004}' => honour(7),
        '\u{1F005}' => honour(6),
        '\u{1F006}' => honour(5),
        '\u{1F007}'..='\u{1F00F}' => {
            Tile::from_suit(Suit::Man, (c as u32 - 0x1F007 + 1) as u8).map(Item::Tile)
        }
        '\u{1F010}'..='\u{1F018}' => {
            Tile::from_suit(Suit::Sou, (c as u32 - 0x1F010 + 1) as u8).map(Item::Tile)
        }
        '\u{1F019}'..='\u{1F021}' => {
            Tile::from_suit(Suit::Pin, (c as u32 - 0x1F019 + 1) as u8).map(Item::Tile)
        }
        '\u{1F022}' => Some(Item::Flower(5)), // plum 梅
        '\u{1F023}' => Some(Item::Flower(6)), // orchid 兰
        '\u{1F024}' => Some(Item::Flower(8)), // bamboo 竹
        '\u{1F025}' => Some(Item::Flower(7)), // chrysanthemum 菊
        '\u{1F026}'..='\u{1F029}' => Some(Item::Flower((c as u32 - 0x1F026 + 1) as u8)),
        _ => None,
    }
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_space(&mut self) {
        // Variation selectors sometimes follow 🀄; they carry no meaning here.
        while let Some(c) = self.peek() {
            if c.is_whitespace() || c == '\u{FE0E}' || c == '\u{FE0F}' || c == ',' || c == '、' {
                self.pos += 1;
            } else {
                break;
            }
        }
    }

    /// Reads one group: either a run of numbers closed by a suit marker, or a single-character tile.
    fn items_group(&mut self) -> Result<(usize, Vec<Item>)> {
        let start = self.pos;
        let c = self
            .peek()
            .ok_or_else(|| EngineError::notation(start, "unexpected end of text"))?;
        if let Some(item) = single(c) {
            self.pos += 1;
            return Ok((start, vec![item]));
        }
        if numeral(c).is_none() {
            return Err(EngineError::notation(
                start,
                format!("unexpected character {c:?}: not a tile"),
            ));
        }
        let mut numbers = Vec::new();
        while let Some(c) = self.peek() {
            if let Some(n) = numeral(c) {
                numbers.push((self.pos, n));
                self.pos += 1;
            } else {
                break;
            }
        }
        let marker_pos = self.pos;
        let marker = match self.peek().and_then(suit_marker) {
            Some(m) => m,
            None => {
                let what = match self.peek() {
                    Some(c) => format!("found {c:?}"),
                    None => "found the end of the text".to_string(),
                };
                return Err(EngineError::notation(
                    marker_pos,
                    format!("numbers must be followed by a suit (m, p, s, z, f, 万, 筒, 条, 索): {what}"),
                ));
            }
        };
        self.pos += 1;
        let mut items = Vec::with_capacity(numbers.len());
        for (pos, n) in numbers {
            let item = match marker {
                Marker::Suit(suit) => {
                    Tile::from_suit(suit, n).map(Item::Tile).ok_or_else(|| {
                        EngineError::notation(
                            pos,
                            format!(
                                "{n}{} is not a tile (numbers run 1..{})",
                                suit.letter(),
                                suit.len()
                            ),
                        )
                    })?
                }
                Marker::Flower => {
                    if (1..=8).contains(&n) {
                        Item::Flower(n)
                    } else {
                        return Err(EngineError::notation(
                            pos,
                            format!("{n}f is not a flower (1f..8f)"),
                        ));
                    }
                }
            };
            items.push(item);
        }
        Ok((start, items))
    }

    fn meld(&mut self) -> Result<Meld> {
        let open_pos = self.pos;
        let open = self.chars[self.pos];
        let close = match open {
            '[' => ']',
            '{' => '}',
            _ => ')',
        };
        self.pos += 1;
        let mut tiles: Vec<Tile> = Vec::new();
        let mut claimed: Option<Tile> = None;
        let mut from_offset: Option<u8> = None;
        loop {
            self.skip_space();
            let Some(c) = self.peek() else {
                return Err(EngineError::notation(
                    open_pos,
                    format!("'{open}' is never closed"),
                ));
            };
            if c == close {
                self.pos += 1;
                break;
            }
            if c == ':' || c == '<' {
                if open == '(' {
                    return Err(EngineError::notation(
                        self.pos,
                        "a concealed kong has no claimed tile or feeder",
                    ));
                }
                self.pos += 1;
                self.skip_space();
                if c == ':' {
                    let (pos, items) = self.items_group()?;
                    match items.as_slice() {
                        [Item::Tile(t)] if claimed.is_none() => claimed = Some(*t),
                        _ => {
                            return Err(EngineError::notation(
                                pos,
                                "':' must be followed by one claimed tile",
                            ))
                        }
                    }
                } else {
                    let pos = self.pos;
                    match self.peek().and_then(numeral) {
                        Some(k @ 1..=3) if from_offset.is_none() => {
                            from_offset = Some(k);
                            self.pos += 1;
                        }
                        _ => return Err(EngineError::notation(
                            pos,
                            "'<' must be followed by the feeder: 1 (下家), 2 (对家) or 3 (上家)",
                        )),
                    }
                }
                continue;
            }
            if claimed.is_some() || from_offset.is_some() {
                return Err(EngineError::notation(
                    self.pos,
                    "meld tiles must come before ':' and '<'",
                ));
            }
            let (pos, items) = self.items_group()?;
            for item in items {
                match item {
                    Item::Tile(t) => tiles.push(t),
                    _ => {
                        return Err(EngineError::notation(
                            pos,
                            "a meld holds only playing tiles (no wilds or flowers)",
                        ))
                    }
                }
            }
        }
        let kind = classify_meld(open, &tiles).ok_or_else(|| {
            let names: Vec<String> = tiles.iter().map(|t| t.mpsz()).collect();
            let expected = match open {
                '[' => "a chow of three consecutive tiles, a pung of three or a kong of four",
                '{' => "an added kong of four identical tiles",
                _ => "a concealed kong of four identical tiles",
            };
            EngineError::notation(
                open_pos,
                format!(
                    "{open}{}{close} is not a meld: expected {expected}",
                    names.join(" ")
                ),
            )
        })?;
        let mut lowest = tiles[0];
        for &t in &tiles {
            lowest = lowest.min(t);
        }
        let meld = Meld {
            kind,
            tile: lowest,
            claimed,
            from_offset,
        };
        meld.validate()
            .map_err(|e| EngineError::notation(open_pos, e.to_string()))?;
        Ok(meld)
    }
}

fn classify_meld(open: char, tiles: &[Tile]) -> Option<MeldKind> {
    let all_same = tiles.windows(2).all(|w| w[0] == w[1]);
    match (open, tiles.len()) {
        ('[', 3) if all_same => Some(MeldKind::Pon),
        ('[', 3) => {
            let mut sorted = [tiles[0].index(), tiles[1].index(), tiles[2].index()];
            sorted.sort_unstable();
            let chow = sorted[0] < 27
                && sorted[1] == sorted[0] + 1
                && sorted[2] == sorted[0] + 2
                && sorted[0] / 9 == sorted[2] / 9;
            chow.then_some(MeldKind::Chi)
        }
        ('[', 4) if all_same => Some(MeldKind::Kong),
        ('{', 4) if all_same => Some(MeldKind::AddedKong),
        ('(', 4) if all_same => Some(MeldKind::ConcealedKong),
        _ => None,
    }
}

/// Formats counts as canonical mpsz: `123m456p789s1122z`.
pub fn format_counts(counts: &Counts) -> String {
    let mut out = String::new();
    for suit in Suit::ALL {
        let mut digits = String::new();
        for n in 1..=suit.len() {
            let t = (suit.base() + n - 1) as usize;
            for _ in 0..counts[t] {
                digits.push((b'0' + n) as char);
            }
        }
        if !digits.is_empty() {
            out.push_str(&digits);
            out.push(suit.letter());
        }
    }
    out
}

/// Formats a hand in canonical mpsz, melds included (see the module documentation).
pub fn format_hand(hand: &Hand) -> String {
    let mut out = format_counts(&hand.concealed);
    for _ in 0..hand.wilds {
        out.push('*');
    }
    if hand.flowers != 0 {
        for n in 1..=8u8 {
            if hand.flowers & (1 << (n - 1)) != 0 {
                out.push((b'0' + n) as char);
            }
        }
        out.push('f');
    }
    for meld in &hand.melds {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&format_meld(meld));
    }
    out
}

/// A meld with its optional claim annotation: `[123m:2m<3]`.
pub fn format_meld(meld: &Meld) -> String {
    let mut text = meld.describe();
    if meld.claimed.is_some() || meld.from_offset.is_some() {
        let close = text.pop().unwrap_or(']');
        if let Some(t) = meld.claimed {
            text.push(':');
            text.push_str(&t.mpsz());
        }
        if let Some(k) = meld.from_offset {
            text.push('<');
            text.push((b'0' + k) as char);
        }
        text.push(close);
    }
    text
}

/// The Unicode tile character for a kind.
pub fn unicode_tile(tile: Tile) -> char {
    let i = tile.index() as u32;
    let code = match tile.suit() {
        Suit::Man => 0x1F007 + i,
        Suit::Pin => 0x1F019 + (i - 9),
        Suit::Sou => 0x1F010 + (i - 18),
        Suit::Honor => match i - 27 {
            n @ 0..=3 => 0x1F000 + n,
            4 => 0x1F006,
            5 => 0x1F005,
            _ => 0x1F004,
        },
    };
    char::from_u32(code).unwrap_or('?')
}

/// Concealed tiles as Unicode tiles, in kind order.
pub fn format_unicode(counts: &Counts) -> String {
    let mut out = String::new();
    for (i, &c) in counts.iter().enumerate().take(NUM_KINDS) {
        if let Some(t) = Tile::new(i as u8) {
            for _ in 0..c {
                out.push(unicode_tile(t));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_mpsz() {
        for text in [
            "123m456p789s1122z",
            "19m19p19s1234567z1m",
            "123m45p** 13f [555z] {1111s} (9999p) [234s:3s<3]",
        ] {
            let hand = parse_hand_unchecked(text).unwrap();
            let formatted = format_hand(&hand);
            assert_eq!(
                parse_hand_unchecked(&formatted).unwrap(),
                hand,
                "{text} -> {formatted}"
            );
        }
    }

    #[test]
    fn chinese_and_unicode_agree_with_mpsz() {
        let a = parse_hand_unchecked("一万二万三万 五筒 九条九索 东东 中发白").unwrap();
        let b = parse_hand_unchecked("123m5p99s11567z").unwrap();
        assert_eq!(a, b);
        let c = parse_hand_unchecked("🀇🀈🀉🀝🀘🀘🀀🀀🀄🀅🀆").unwrap();
        assert_eq!(c, b);
        assert_eq!(format_unicode(&b.concealed), "🀇🀈🀉🀝🀘🀘🀀🀀🀆🀅🀄");
    }

    #[test]
    fn errors_name_position() {
        let err = parse_hand("123x").unwrap_err();
        assert_eq!(
            err,
            EngineError::notation(
                3,
                "numbers must be followed by a suit (m, p, s, z, f, 万, 筒, 条, 索): found 'x'"
            )
        );
        assert!(matches!(
            parse_hand("8z"),
            Err(EngineError::Notation { position: 0, .. })
        ));
        assert!(parse_hand("11111m").unwrap_err().to_string().contains("1m"));
        assert!(parse_hand("[124m]").is_err());
    }
}
