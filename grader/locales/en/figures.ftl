# figures: the labels of the figures the course draws for the book (docs/generated/; the tests
# grader/tests/suite/book_figures.rs and speed.rs write them in each language). Numbers are not
# translated.

## render/opb.rs: OP/B of tiled 2D convolution against tile size and filter radius

figures-opb-title = Tiled 2D convolution: OP/B = OUT²·(2r+1)²·2 / (IN²·4), OUT = IN − 2r
figures-opb-x-axis = input tile size IN_TILE_DIM (threads per block side)
figures-opb-y-axis = OP/B (FLOPs per byte loaded from global memory)
figures-opb-limit = limit (2r+1)²/2
figures-opb-textbook-value = textbook value
# The legend's red cross.
figures-opb-measured = measured
# A measured point: "7.4 measured".
figures-opb-measured-point = { $section } measured

## render/svg.rs: the title of a reference solution's reuse map ($title: the section's title)

figures-reuse-title = { $section } { $title } — the reference solution

## render/speed.rs: the speed model against the H100 corpus

figures-speed-x-axis = measured on an H100, ms (log)
figures-speed-y-axis = model, ms (log): • estimate, × bound
figures-speed-chapter-7 = chapter 7
figures-speed-chapter-8 = chapter 8
figures-speed-1d = 1D stencil
figures-speed-challenges = challenges
figures-speed-key = diagonal: the model equals the measurement; dashed: ± the median error
