# figures: the labels of the figures the course draws for the book (docs/generated/; the tests
# grader/tests/suite/book_figures.rs and speed.rs write them in each language). Numbers are not
# translated.

## render/opb.rs: OP/B of tiled 2D convolution against tile size and filter radius

figures-opb-title = 分块二维卷积：OP/B = OUT²·(2r+1)²·2 / (IN²·4)，OUT = IN − 2r
figures-opb-x-axis = 输入分块大小 IN_TILE_DIM（线程块每边的线程数）
figures-opb-y-axis = OP/B（每从全局内存载入一个字节所做的 FLOP 数）
figures-opb-limit = 极限 (2r+1)²/2
figures-opb-textbook-value = 教科书给出的值
# The legend's red cross.
figures-opb-measured = 实测值
# A measured point: "7.4 measured".
figures-opb-measured-point = { $section } 实测

## render/svg.rs: the title of a reference solution's reuse map ($title: the section's title)

figures-reuse-title = { $section } { $title }——参考解答

## render/speed.rs: the speed model against the H100 corpus

figures-speed-x-axis = 在 H100 上的实测时间，ms（对数坐标）
figures-speed-y-axis = 模型，ms（对数坐标）：• 估计值，× 界限
figures-speed-chapter-7 = 第 7 章
figures-speed-chapter-8 = 第 8 章
figures-speed-1d = 一维 stencil
figures-speed-challenges = 挑战
figures-speed-key = 对角线：模型与实测相等；虚线：± 误差中位数
