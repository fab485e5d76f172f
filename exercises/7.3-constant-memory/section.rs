//! PMPP 7.3: the filter in constant memory (placeholder until the section is written)
