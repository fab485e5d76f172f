# figures: the labels of the figures the course draws for the book (docs/generated/; the tests
# grader/tests/suite/book_figures.rs and speed.rs write them in each language). Numbers are not
# translated.

## render/opb.rs: OP/B of tiled 2D convolution against tile size and filter radius

figures-opb-title = 分塊二維卷積：OP/B = OUT²·(2r+1)²·2 / (IN²·4)，OUT = IN − 2r
figures-opb-x-axis = 輸入分塊大小 IN_TILE_DIM（執行緒塊每邊的執行緒數）
figures-opb-y-axis = OP/B（每從全域記憶體載入一個位元組所做的 FLOP 數）
figures-opb-limit = 極限 (2r+1)²/2
figures-opb-textbook-value = 教科書給出的值
# The legend's red cross.
figures-opb-measured = 實測值
# A measured point: "7.4 measured".
figures-opb-measured-point = { $section } 實測

## render/svg.rs: the title of a reference solution's reuse map ($title: the section's title)

figures-reuse-title = { $section } { $title }——參考解答

## render/speed.rs: the speed model against the H100 corpus

figures-speed-x-axis = 在 H100 上的實測時間，ms（對數座標）
figures-speed-y-axis = 模型，ms（對數座標）：• 估計值，× 界限
figures-speed-chapter-7 = 第 7 章
figures-speed-chapter-8 = 第 8 章
figures-speed-1d = 一維 stencil
figures-speed-challenges = 挑戰
figures-speed-key = 對角線：模型與實測相等；虛線：± 誤差中位數
