// charts placeholder, filled in the overview slice
