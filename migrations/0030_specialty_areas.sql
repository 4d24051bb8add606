-- Sign-up's specialties are areas now, not a man's or a woman's title (docs/decisions/1071): the
-- profiles that kept the old labels read as the new ones ('Cabelo', not 'Cabeleireiro(a)'). A
-- specialty the professional typed in Perfil is theirs and stays as it is.
UPDATE `profiles` SET `specialty` = CASE `specialty`
  WHEN 'Barbeiro(a)' THEN 'Barbearia'
  WHEN 'Cabeleireiro(a)' THEN 'Cabelo'
  WHEN 'Maquiador(a)' THEN 'Maquiagem'
END
WHERE `specialty` IN ('Barbeiro(a)', 'Cabeleireiro(a)', 'Maquiador(a)');
