# sections
