//! Fields: each definition's own fields, with types and values resolved and checked against the word.

use super::*;

impl<'a> Loader<'a> {
    pub(super) fn resolve_fields(&mut self) {
        for i in 0..self.defs.len() {
            let DefRef { file, def } = self.defs[i];
            let mut out = Vec::new();
            for f in &def.fields {
                out.push(self.resolve_field(file, def, f));
            }
            self.fields.push(out);
        }
    }

    pub(super) fn resolve_field(
        &mut self,
        file: usize,
        def: &Def,
        f: &ast::FieldDecl,
    ) -> Option<Field> {
        let ty = self.resolve_type(file, &f.ty);
        let mut ok = true;
        let limit = u64::from(self.word_bits) * u64::from(self.dialect.max_words.max(1))
            + u64::from(self.dialect.control.map_or(0, |c| c.slot_bits));
        let total = f.width + f.high.map_or(0, |(_, w)| w);
        if let Some((hlo, hw)) = f.high {
            if hw == 0 || f.width == 0 || total > 64 || hlo.saturating_add(hw) > limit {
                self.err(
                    file,
                    f.span,
                    msg!(
                        "the high part of field `{0}` (bits {1}, width {2}) must be 1 or more bits inside the {3}-bit word, and both parts at most 64 bits",
                        &f.name.name,
                        hlo,
                        hw,
                        limit
                    ),
                );
                ok = false;
            }
        }
        if f.width == 0 || f.width > 64 {
            self.err(
                file,
                f.span,
                msg!(
                    "field `{0}` has width {1}; widths go from 1 to 64 bits",
                    &f.name.name,
                    f.width
                ),
            );
            ok = false;
        } else if f.lo.saturating_add(f.width) > limit {
            self.err(
                file,
                f.span,
                msg!(
                    "field `{0}` (bits {1}..{2}) does not fit in the {3}-bit word",
                    &f.name.name,
                    f.lo,
                    f.lo.saturating_add(f.width) - 1,
                    limit
                ),
            );
            ok = false;
        }
        let ty = ty?;
        if ok {
            let tw = self.type_width(ty);
            if u64::from(tw) != total {
                let tn = self.type_name(ty);
                self.err(
                    file,
                    f.span,
                    msg!(
                        "field `{0}` is {1} bits wide but type `{2}` has {3} bits",
                        &f.name.name,
                        total,
                        tn,
                        tw
                    ),
                );
                ok = false;
            }
        }
        if !ok {
            return None;
        }
        let (fixed, default) = match &f.constraint {
            Constraint::None => (None, None),
            Constraint::Fixed(v) => (Some(self.resolve_value(file, f, ty, v)?), None),
            Constraint::Default(v) => (None, Some(self.resolve_value(file, f, ty, v)?)),
        };
        Some(Field {
            name: f.name.name.clone(),
            lo: f.lo as u32,
            width: total as u32,
            high: f.high.map(|(l, w)| (l as u32, w as u32)),
            ty,
            fixed,
            default,
            declared_in: def.name.name.clone(),
            span: f.span,
        })
    }
}
