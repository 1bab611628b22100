//! Building the model: groups, optypes and opcodes with their flattened fields.

use super::*;

/// What was reported already while flattening, so that a field shared
/// by many opcodes is reported once.
#[derive(Default)]
struct Reported {
    /// `(definition, field)` declared again below an ancestor.
    fields: HashSet<(usize, usize)>,
    /// Pairs of overlapping fields.
    pairs: HashSet<((usize, usize), (usize, usize))>,
}

impl<'a> Loader<'a> {
    pub(super) fn build(&mut self, name: &str) -> Isa {
        let (groups, mut optypes, optype_of_def) = self.classes();
        let mut opcodes: Vec<Opcode> = Vec::new();
        let mut reported = Reported::default();
        for i in 0..self.defs.len() {
            let Some((optype, opcode)) = self.opcode(i, &optype_of_def, &mut reported) else {
                continue;
            };
            optypes[optype].opcodes.push(opcodes.len());
            opcodes.push(opcode);
        }
        self.check_optypes_used(&optypes, &optype_of_def);
        for ot in optypes.iter_mut() {
            ot.modifiers = self.modifiers(ot, &opcodes);
        }
        self.check_ambiguity(&opcodes);

        Isa {
            name: name.to_string(),
            word_bits: self.word_bits,
            types: self.types.clone(),
            groups,
            optypes,
            opcodes,
            dialect: self.dialect,
            derived: Default::default(),
        }
    }

    /// Groups and optypes, in declaration order, and the optype index of
    /// each optype definition. Reports operand statements outside opcodes.
    fn classes(&mut self) -> (Vec<Class>, Vec<Optype>, HashMap<usize, usize>) {
        let mut groups = Vec::new();
        let mut optypes: Vec<Optype> = Vec::new();
        let mut optype_of_def: HashMap<usize, usize> = HashMap::new();
        for i in 0..self.defs.len() {
            let DefRef { file, def } = self.defs[i];
            if def.kind != DefKind::Opcode {
                for s in &def.operand_info {
                    self.err_help(
                        file,
                        s.span,
                        msg!(
                            "operand statements are only allowed in an opcode, not in {0} `{1}`",
                            def.kind.word(),
                            &def.name.name
                        ),
                        msg!("move them to each __DefOpcode, or write the section as prose"),
                    );
                }
            }
            match def.kind {
                DefKind::Group => groups.push(Class {
                    name: def.name.name.clone(),
                    parents: def.parents.iter().map(|p| p.name.clone()).collect(),
                    fields: self.fields[i].iter().flatten().cloned().collect(),
                    docs: docs_of(&def.docs),
                    span: def.span,
                    file,
                }),
                DefKind::Optype => {
                    let group = self.parents[i]
                        .first()
                        .map(|&p| self.defs[p].def.name.name.clone())
                        .unwrap_or_default();
                    optype_of_def.insert(i, optypes.len());
                    optypes.push(Optype {
                        name: def.name.name.clone(),
                        group,
                        docs: docs_of(&def.docs),
                        modifiers: Vec::new(),
                        opcodes: Vec::new(),
                        span: def.span,
                        file,
                    });
                }
                DefKind::Opcode => {}
            }
        }

        (groups, optypes, optype_of_def)
    }

    /// Opcode definition `i` with its fields flattened and checked, and the
    /// index of its optype; `None` for another kind of definition or one
    /// that could not be built (what is wrong is reported).
    fn opcode(
        &mut self,
        i: usize,
        optype_of_def: &HashMap<usize, usize>,
        reported: &mut Reported,
    ) -> Option<(usize, Opcode)> {
        let DefRef { file, def } = self.defs[i];
        if def.kind != DefKind::Opcode {
            return None;
        }
        let anc = self.lin[i].clone()?;
        let ots: Vec<usize> = anc
            .iter()
            .copied()
            .filter(|&a| self.defs[a].def.kind == DefKind::Optype)
            .collect();
        let optype = match ots.as_slice() {
            [one] => optype_of_def.get(one).copied(),
            [] if self.bad_parents[i] || anc.iter().any(|&a| self.bad_parents[a]) => None,
            [] => {
                self.err_help(
                    file,
                    def.name.span,
                    msg!("opcode `{0}` does not belong to an optype", &def.name.name),
                    msg!("write `__DefOpcode {0} : [OPTYPE]`", &def.name.name),
                );
                None
            }
            many => {
                let names: Vec<&str> = many
                    .iter()
                    .map(|&a| self.defs[a].def.name.name.as_str())
                    .collect();
                self.err(
                    file,
                    def.name.span,
                    msg!(
                        "opcode `{0}` descends from several optypes ({1}); it must have exactly one",
                        &def.name.name,
                        names.join(", ")
                    ),
                );
                None
            }
        };

        let fields = self.flatten(i, &anc, def, reported);
        let mut fixed_mask: Word = 0;
        let mut fixed_bits: Word = 0;
        for f in &fields {
            if let Some(v) = f.fixed {
                fixed_mask |= f.mask();
                fixed_bits = f.insert(fixed_bits, v);
            }
        }
        let (inputs, outputs, order, bitwidths) = self.operands(file, def, &fields);
        let optype = optype?;
        Some((
            optype,
            Opcode {
                name: def.name.name.clone(),
                optype,
                fields,
                inputs,
                outputs,
                order,
                bitwidths,
                docs: docs_of(&def.docs),
                fixed_mask,
                fixed_bits,
                span: def.span,
                file,
            },
        ))
    }

    /// The fields of opcode definition `i`, ancestors' first; reports a
    /// field declared twice and fields that overlap.
    fn flatten(
        &mut self,
        i: usize,
        anc: &[usize],
        def: &Def,
        reported: &mut Reported,
    ) -> Vec<Field> {
        // Flatten fields, ancestors first.
        let mut fields: Vec<Field> = Vec::new();
        let mut origin: Vec<(usize, usize)> = Vec::new();
        for d in anc.iter().copied().chain(std::iter::once(i)) {
            let own = self.fields[d].clone();
            for (k, f) in own.iter().enumerate() {
                let Some(f) = f else { continue };
                if let Some(prev) = fields.iter().position(|g| g.name == f.name) {
                    if reported.fields.insert((d, k)) {
                        let dfile = self.defs[d].file;
                        let from = &fields[prev].declared_in;
                        let msg = if *from == f.declared_in {
                            msg!("field `{0}` is declared twice in `{1}`", &f.name, from)
                        } else {
                            msg!("field `{0}` is already inherited from `{1}`", &f.name, from)
                        };
                        let at = self.place(self.defs[origin[prev].0].file, fields[prev].span);
                        self.err_help(dfile, f.span, msg, msg!("first declared at {0}", at));
                    }
                    continue;
                }
                fields.push(f.clone());
                origin.push((d, k));
            }
        }
        // Overlaps.
        for b in 0..fields.len() {
            for a in 0..b {
                let (fa, fb) = (&fields[a], &fields[b]);
                if fa.mask() & fb.mask() != 0 && reported.pairs.insert((origin[a], origin[b])) {
                    let msg = msg!(
                        "field `{0}` ({1}) overlaps field `{2}` ({3}) in opcode `{4}`",
                        &fb.name,
                        bits(fb.lo, fb.width),
                        &fa.name,
                        bits(fa.lo, fa.width),
                        &def.name.name
                    );
                    let at = self.place(self.defs[origin[a].0].file, fa.span);
                    let bfile = self.defs[origin[b].0].file;
                    self.err_help(
                        bfile,
                        fb.span,
                        msg,
                        msg!("`{0}` is declared at {1}", &fa.name, at),
                    );
                }
            }
        }
        fields
    }

    /// Every optype has an opcode (or a child that was rejected).
    fn check_optypes_used(&mut self, optypes: &[Optype], optype_of_def: &HashMap<usize, usize>) {
        // Optypes some opcode descends from (even one rejected above).
        let mut used: HashSet<usize> = HashSet::new();
        for (i, d) in self.defs.iter().enumerate() {
            if d.def.kind == DefKind::Opcode {
                used.extend(self.lin[i].iter().flatten().copied());
            }
        }
        for (oi, ot) in optypes.iter().enumerate() {
            let has_child = optype_of_def
                .iter()
                .any(|(d, &o)| o == oi && used.contains(d));
            if ot.opcodes.is_empty() && !has_child {
                self.diags.push(
                    Diagnostic::error(ot.span, msg!("optype `{0}` has no opcodes", &ot.name))
                        .with_help(msg!("declare at least one `__DefOpcode NAME : [OPTYPE]`"))
                        .in_file(ot.file),
                );
            }
        }
    }
}
