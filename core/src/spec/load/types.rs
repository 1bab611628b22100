//! Types: collecting the enumerated bit-field types, and resolving a field's type and value names.

use super::*;

impl<'a> Loader<'a> {
    pub(super) fn collect_types(&mut self, asts: &'a [ast::File]) {
        for (file, f) in asts.iter().enumerate() {
            for item in &f.items {
                let Item::BitFieldType(t) = item else {
                    continue;
                };
                let name = &t.name.name;
                if operand::is_reserved(name) {
                    self.err_help(
                        file,
                        t.name.span,
                        msg!("`{0}` is a built-in operand class and cannot be redefined", name),
                        msg!("built-in classes: Reg, UReg, Pred, UPred, PModi, SignModi, CMem, F32Imm, UImmN, SImmN"),
                    );
                    continue;
                }
                if let Some(&prev) = self.type_idx.get(name) {
                    let at = self.place(self.types[prev].file, self.types[prev].span);
                    self.err_help(
                        file,
                        t.name.span,
                        msg!("type `{0}` is defined twice", name),
                        msg!("first defined at {0}", at),
                    );
                    continue;
                }
                if t.width == 0 || t.width > 64 {
                    self.err(
                        file,
                        t.span,
                        msg!(
                            "type `{0}` has width {1}; widths go from 1 to 64 bits",
                            name,
                            t.width
                        ),
                    );
                    continue;
                }
                let width = t.width as u32;
                let mut seen: HashMap<&str, Span> = HashMap::new();
                let mut values = Vec::new();
                for v in &t.values {
                    if let Some(&prev) = seen.get(v.name.as_str()) {
                        let at = self.place(file, prev);
                        self.err_help(
                            file,
                            v.span,
                            msg!("value `{0}` is declared twice in type `{1}`", &v.name, name),
                            msg!("first declared at {0}", at),
                        );
                        continue;
                    }
                    seen.insert(&v.name, v.span);
                    if width < 64 && v.value >> width != 0 {
                        self.err(
                            file,
                            v.span,
                            msg!(
                                "value `{0}` = {1} does not fit in the {2}-bit type `{3}`",
                                &v.name,
                                v.value,
                                width,
                                name
                            ),
                        );
                        continue;
                    }
                    values.push(EnumValue {
                        name: v.name.clone(),
                        value: v.value,
                        doc: v.doc.clone(),
                    });
                }
                self.type_idx.insert(name.clone(), self.types.len());
                self.types.push(EnumType {
                    name: name.clone(),
                    width,
                    values,
                    docs: docs_of(&t.docs),
                    span: t.span,
                    file,
                });
            }
        }
    }

    pub(super) fn resolve_type(&mut self, file: usize, ty: &ast::Ident) -> Option<TypeRef> {
        if let Some(&i) = self.type_idx.get(&ty.name) {
            return Some(TypeRef::Enum(i));
        }
        if let Some(b) = operand::from_name(&ty.name) {
            return Some(TypeRef::Builtin(b));
        }
        self.err_help(
            file,
            ty.span,
            msg!("unknown type `{0}`", &ty.name),
            msg!("types are bit-field types (__DefBitFieldType) or the built-in classes Reg, UReg, Pred, UPred, PModi, SignModi, CMem, F32Imm, UImmN, SImmN"),
        );
        None
    }

    pub(super) fn type_name(&self, t: TypeRef) -> String {
        match t {
            TypeRef::Enum(i) => self.types[i].name.clone(),
            TypeRef::Builtin(b) => operand::name(b),
        }
    }

    pub(super) fn type_width(&self, t: TypeRef) -> u32 {
        match t {
            TypeRef::Enum(i) => self.types[i].width,
            TypeRef::Builtin(b) => operand::width(b),
        }
    }

    pub(super) fn resolve_value(
        &mut self,
        file: usize,
        f: &ast::FieldDecl,
        ty: TypeRef,
        v: &ast::Value,
    ) -> Option<u64> {
        let n = match &v.kind {
            ValueKind::Int(n) => *n,
            ValueKind::Ident(s) => {
                let found = match ty {
                    TypeRef::Enum(i) => self.types[i].value_of(s),
                    TypeRef::Builtin(b) => operand::value_of(b, s),
                };
                match found {
                    Some(n) => n,
                    None => {
                        let tn = self.type_name(ty);
                        let help = match ty {
                            TypeRef::Enum(i) => {
                                let names: Vec<&str> = self.types[i]
                                    .values
                                    .iter()
                                    .map(|v| v.name.as_str())
                                    .take(12)
                                    .collect();
                                msg!("values of `{0}`: {1}", &tn, names.join(", "))
                            }
                            TypeRef::Builtin(_) => msg!("`{0}` fields take a number here", &tn),
                        };
                        self.err_help(
                            file,
                            v.span,
                            msg!(
                                "`{0}` is not a value of type `{1}` (field `{2}`)",
                                s,
                                tn,
                                &f.name.name
                            ),
                            help,
                        );
                        return None;
                    }
                }
            }
        };
        let w = f.width;
        if w < 64 && n >> w != 0 {
            self.err(
                file,
                v.span,
                msg!(
                    "value {0} does not fit in the {1}-bit field `{2}`",
                    n,
                    w,
                    &f.name.name
                ),
            );
            return None;
        }
        Some(n)
    }
}
