(* techmap_celltype = "$cover" *)
module cover2assert (A, EN);
  input A, EN;
  \$assert _TECHMAP_REPLACE_ (.A(!A), .EN(EN));
endmodule
