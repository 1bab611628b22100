//! Operand statements, `__Syntax` modifiers and the check that no two opcodes match one word.

use super::*;

impl<'a> Loader<'a> {
    /// Validates and collects an opcode's operand statements.
    #[allow(clippy::type_complexity)]
    pub(super) fn operands(
        &mut self,
        file: usize,
        def: &Def,
        fields: &[Field],
    ) -> (Vec<String>, Vec<String>, Vec<String>, Vec<(String, Expr)>) {
        let mut lists: [Option<Vec<String>>; 3] = [None, None, None];
        let mut bitwidths: Vec<(String, Expr)> = Vec::new();
        if def.kind != DefKind::Opcode {
            return (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        }
        let has = |n: &str| fields.iter().any(|f| f.name == n);
        for s in &def.operand_info {
            match &s.kind {
                OperandKind::InList(names)
                | OperandKind::OutList(names)
                | OperandKind::Order(names) => {
                    let (slot, kw) = match &s.kind {
                        OperandKind::InList(_) => (0, "InList"),
                        OperandKind::OutList(_) => (1, "OutList"),
                        _ => (2, "Order"),
                    };
                    if lists[slot].is_some() {
                        self.err(
                            file,
                            s.span,
                            msg!("`{0}` is given twice in opcode `{1}`", kw, &def.name.name),
                        );
                        continue;
                    }
                    let mut out: Vec<String> = Vec::new();
                    for n in names {
                        if !has(&n.name) {
                            self.err(
                                file,
                                n.span,
                                msg!(
                                    "`{0}` in `{1}` is not a field of opcode `{2}`",
                                    &n.name,
                                    kw,
                                    &def.name.name
                                ),
                            );
                        } else if out.contains(&n.name) {
                            self.err(
                                file,
                                n.span,
                                msg!("`{0}` is listed twice in `{1}`", &n.name, kw),
                            );
                        } else {
                            out.push(n.name.clone());
                        }
                    }
                    lists[slot] = Some(out);
                }
                OperandKind::Bitwidth(n, e) => {
                    if !has(&n.name) {
                        self.err(
                            file,
                            n.span,
                            msg!(
                                "`{0}` in `Bitwidth` is not a field of opcode `{1}`",
                                &n.name,
                                &def.name.name
                            ),
                        );
                        continue;
                    }
                    if bitwidths.iter().any(|(b, _)| *b == n.name) {
                        self.err(
                            file,
                            n.span,
                            msg!("`Bitwidth<{0}>` is given twice", &n.name),
                        );
                        continue;
                    }
                    let mut ok = true;
                    for (f, v) in e.comparisons() {
                        match fields.iter().find(|g| g.name == f.name) {
                            None => {
                                self.err(
                                    file,
                                    f.span,
                                    msg!(
                                        "`{0}` is not a field of opcode `{1}`",
                                        &f.name,
                                        &def.name.name
                                    ),
                                );
                                ok = false;
                            }
                            Some(g) => match g.ty {
                                TypeRef::Enum(t) => {
                                    if self.types[t].value_of(&v.name).is_none() {
                                        self.err(
                                            file,
                                            v.span,
                                            msg!(
                                                "`{0}` is not a value of type `{1}`",
                                                &v.name,
                                                &self.types[t].name
                                            ),
                                        );
                                        ok = false;
                                    }
                                }
                                TypeRef::Builtin(_) => {
                                    self.err(
                                        file,
                                        f.span,
                                        msg!(
                                            "`{0}` is not an enum field; only enum fields can be compared with a value",
                                            &f.name
                                        ),
                                    );
                                    ok = false;
                                }
                            },
                        }
                    }
                    if ok {
                        bitwidths.push((n.name.clone(), e.to_model()));
                    }
                }
            }
        }
        let [i, o, r] = lists;
        (
            i.unwrap_or_default(),
            o.unwrap_or_default(),
            r.unwrap_or_default(),
            bitwidths,
        )
    }

    /// Modifier slots of an optype: those named by the first line of its
    /// `__Syntax` code block, then every other modifier field in field order.
    pub(super) fn modifiers(&mut self, ot: &Optype, opcodes: &[Opcode]) -> Vec<ModifierSlot> {
        let mut slots: Vec<ModifierSlot> = Vec::new();
        let ops: Vec<&Opcode> = ot.opcodes.iter().filter_map(|&i| opcodes.get(i)).collect();
        if let Some((named, file)) = self.syntax_modifiers(ot) {
            for (m, optional, span) in named {
                if slots.iter().any(|s| s.field == m) {
                    self.err(file, span, msg!("modifier `.{0}` is named twice", &m));
                    continue;
                }
                for op in &ops {
                    let msg = match op.field(&m) {
                        None => Some(msg!(
                            "modifier `.{0}` of `{1}` is not a field of opcode `{2}`",
                            &m,
                            &ot.name,
                            &op.name
                        )),
                        Some(f) if !matches!(f.ty, TypeRef::Enum(_)) => Some(msg!(
                            "modifier `.{0}` of `{1}` is not an enum field in opcode `{2}`",
                            &m,
                            &ot.name,
                            &op.name
                        )),
                        Some(f) if f.fixed.is_some() => Some(msg!(
                            "modifier `.{0}` of `{1}` is fixed (`==`) in opcode `{2}`",
                            &m,
                            &ot.name,
                            &op.name
                        )),
                        Some(f) if optional && f.default.is_none() => Some(msg!(
                            "optional modifier `{.{0}}` of `{1}` has no default value in opcode `{2}`",
                            &m,
                            &ot.name,
                            &op.name
                        )),
                        Some(_) => None,
                    };
                    if let Some(msg) = msg {
                        self.err(file, span, msg);
                        break;
                    }
                }
                slots.push(ModifierSlot { field: m, optional });
            }
        }
        for op in &ops {
            for f in &op.fields {
                let is_mod = matches!(f.ty, TypeRef::Enum(_))
                    && f.fixed.is_none()
                    && !op.order.contains(&f.name)
                    && !f.name.ends_with(".not")
                    && !f.name.ends_with(".bitnot");
                if is_mod && !slots.iter().any(|s| s.field == f.name) {
                    slots.push(ModifierSlot {
                        field: f.name.clone(),
                        optional: f.default.is_some(),
                    });
                }
            }
        }
        slots
    }

    /// Reads `MNEMONIC{.a}.b ...` from the optype's `__Syntax` section:
    /// the modifier names, whether each is in braces, and their spans.
    #[allow(clippy::type_complexity)]
    pub(super) fn syntax_modifiers(
        &mut self,
        ot: &Optype,
    ) -> Option<(Vec<(String, bool, Span)>, usize)> {
        let DefRef { file, def } = self.defs[*self.def_idx.get(ot.name.as_str())?];
        let sec = def.docs.iter().find(|s| s.name == "Syntax")?;
        let text = sec.text.as_str();
        // Lines with their offsets in the file.
        let mut lines = Vec::new();
        let mut off = sec.text_span.start;
        for l in text.split('\n') {
            lines.push((l.trim_end_matches('\r'), off));
            off += l.len() + 1;
        }
        let fence = lines
            .iter()
            .position(|(l, _)| l.trim_start().starts_with("```"));
        let start = fence.map_or(0, |f| f + 1);
        let &(line, loff) = lines[start.min(lines.len())..]
            .iter()
            .find(|(l, _)| !l.trim().is_empty())?;
        let lead = line.len() - line.trim_start().len();
        let head = line.split_whitespace().next()?;
        let head_off = loff + lead;
        let mnem_len = head.find(['.', '{']).unwrap_or(head.len());
        let mnem = &head[..mnem_len];
        if mnem != ot.name {
            self.err(
                file,
                Span::new(head_off, head_off + mnem_len),
                msg!(
                    "the `__Syntax` line of `{0}` starts with `{1}`",
                    &ot.name,
                    mnem
                ),
            );
            return None;
        }
        let mut out = Vec::new();
        let b = head.as_bytes();
        let mut i = mnem_len;
        while i < b.len() {
            let braced = b[i] == b'{';
            let s = i;
            if braced {
                i += 1;
            }
            if b.get(i) != Some(&b'.') {
                self.err(
                    file,
                    Span::new(head_off + s, head_off + head.len()),
                    msg!(
                        "cannot read the modifiers of `{0}` in `{1}`",
                        &ot.name,
                        head
                    ),
                );
                return None;
            }
            i += 1;
            let ns = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            let name = &head[ns..i];
            if name.is_empty() || (braced && b.get(i) != Some(&b'}')) {
                self.err(
                    file,
                    Span::new(head_off + s, head_off + head.len()),
                    msg!(
                        "cannot read the modifiers of `{0}` in `{1}`",
                        &ot.name,
                        head
                    ),
                );
                return None;
            }
            if braced {
                i += 1;
            }
            out.push((
                name.to_string(),
                braced,
                Span::new(head_off + s, head_off + i),
            ));
        }
        Some((out, file))
    }

    /// No two opcodes may both match one word.
    pub(super) fn check_ambiguity(&mut self, opcodes: &[Opcode]) {
        for j in 0..opcodes.len() {
            for i in 0..j {
                let (a, b) = (&opcodes[i], &opcodes[j]);
                let common = a.fixed_mask & b.fixed_mask;
                if (a.fixed_bits ^ b.fixed_bits) & common == 0 {
                    let at = self.place(a.file, a.span);
                    self.err_help(
                        b.file,
                        b.span,
                        msg!(
                            "opcode `{0}` cannot be told apart from `{1}`: their fixed (`==`) fields can match the same word",
                            &b.name,
                            &a.name
                        ),
                        msg!(
                            "`{0}` is declared at {1}; give them different fixed values (e.g. another `stype`)",
                            &a.name,
                            at
                        ),
                    );
                }
            }
        }
    }
}
