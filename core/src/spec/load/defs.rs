//! Definitions: collecting them, resolving their parents and flattening inheritance (ancestors, most distant first).

use super::*;

impl<'a> Loader<'a> {
    pub(super) fn collect_defs(&mut self, asts: &'a [ast::File]) {
        for (file, f) in asts.iter().enumerate() {
            for item in &f.items {
                let Item::Def(d) = item else { continue };
                if let Some(&prev) = self.def_idx.get(d.name.name.as_str()) {
                    let p = &self.defs[prev];
                    let at = self.place(p.file, p.def.name.span);
                    self.err_help(
                        file,
                        d.name.span,
                        msg!(
                            "`{0}` is already defined (as {1})",
                            &d.name.name,
                            a_kind(p.def.kind)
                        ),
                        msg!("first defined at {0}", at),
                    );
                    continue;
                }
                self.def_idx.insert(&d.name.name, self.defs.len());
                self.defs.push(DefRef { file, def: d });
            }
        }
    }

    pub(super) fn resolve_parents(&mut self) {
        for i in 0..self.defs.len() {
            let DefRef { file, def } = self.defs[i];
            let mut ps = Vec::new();
            for p in &def.parents {
                let Some(&pi) = self.def_idx.get(p.name.as_str()) else {
                    let help = if self.type_idx.contains_key(&p.name) {
                        msg!("`{0}` is a bit-field type, not a group or optype", &p.name)
                    } else {
                        msg!("parents are groups (__DefGroup) or optypes (__DefOptype)")
                    };
                    self.err_help(file, p.span, msg!("unknown parent `{0}`", &p.name), help);
                    continue;
                };
                if ps.contains(&pi) {
                    self.err(file, p.span, msg!("parent `{0}` is listed twice", &p.name));
                    continue;
                }
                let pk = self.defs[pi].def.kind;
                let ok = match def.kind {
                    DefKind::Group | DefKind::Optype => pk == DefKind::Group,
                    DefKind::Opcode => pk != DefKind::Opcode,
                };
                if !ok {
                    let allowed = match def.kind {
                        DefKind::Group | DefKind::Optype => msg!("groups"),
                        DefKind::Opcode => msg!("optypes and groups"),
                    };
                    self.err(
                        file,
                        p.span,
                        msg!(
                            "{0} `{1}` cannot inherit from {2} `{3}`: its parents must be {4}",
                            def.kind.word(),
                            &def.name.name,
                            pk.word(),
                            &p.name,
                            allowed
                        ),
                    );
                    continue;
                }
                ps.push(pi);
            }
            self.bad_parents.push(ps.len() != def.parents.len());
            if def.kind == DefKind::Optype && def.parents.is_empty() {
                self.err_help(
                    file,
                    def.name.span,
                    msg!("optype `{0}` does not belong to a group", &def.name.name),
                    msg!("write `__DefOptype {0} : [GROUP]`", &def.name.name),
                );
            }
            self.parents.push(ps);
        }
    }

    pub(super) fn linearize(&mut self) {
        let n = self.defs.len();
        // 0 = not visited, 1 = in progress, 2 = done.
        let mut state = vec![0u8; n];
        self.lin = vec![None; n];
        let mut in_cycle = vec![false; n];
        // mark[a] == node + 1 while `a` is already in node's ancestor list.
        let mut mark = vec![0usize; n];
        for root in 0..n {
            if state[root] != 0 {
                continue;
            }
            // Iterative depth-first walk: (node, next parent position).
            let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
            state[root] = 1;
            while let Some(&mut (node, ref mut pos)) = stack.last_mut() {
                if *pos < self.parents[node].len() {
                    let p = self.parents[node][*pos];
                    *pos += 1;
                    match state[p] {
                        0 => {
                            state[p] = 1;
                            stack.push((p, 0));
                        }
                        1 => {
                            // A cycle: from p on the stack up to node.
                            let from = stack.iter().position(|&(x, _)| x == p).unwrap_or(0);
                            let mut names: Vec<&str> = stack[from..]
                                .iter()
                                .map(|&(x, _)| self.defs[x].def.name.name.as_str())
                                .collect();
                            names.push(self.defs[p].def.name.name.as_str());
                            let msg = msg!("inheritance cycle: {0}", names.join(" -> "));
                            for &(x, _) in &stack[from..] {
                                in_cycle[x] = true;
                            }
                            let d = self.defs[node].def;
                            let span = d
                                .parents
                                .iter()
                                .find(|q| q.name == self.defs[p].def.name.name)
                                .map_or(d.name.span, |q| q.span);
                            let file = self.defs[node].file;
                            self.err(file, span, msg);
                        }
                        _ => {}
                    }
                } else {
                    stack.pop();
                    state[node] = 2;
                    if in_cycle[node] || self.parents[node].iter().any(|&p| in_cycle[p]) {
                        in_cycle[node] = true;
                        continue;
                    }
                    let mut out: Vec<usize> = Vec::new();
                    let stamp = node + 1;
                    let mut broken = false;
                    for &p in &self.parents[node] {
                        match &self.lin[p] {
                            Some(anc) => {
                                for &a in anc.iter().chain(std::iter::once(&p)) {
                                    if mark[a] != stamp {
                                        mark[a] = stamp;
                                        out.push(a);
                                    }
                                }
                            }
                            None => broken = true,
                        }
                    }
                    if !broken {
                        self.lin[node] = Some(out);
                    }
                }
            }
        }
    }
}
